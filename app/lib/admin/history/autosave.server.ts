import { json, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { oneLine } from "../../../../common/log-line";
import { env } from "../../config.server";
import { toDateInput, toDateTimeInput } from "../../dates";
import { readFormBody } from "../../form-body.server";
import { ITEM_ID } from "../../item-id";
import { UpstreamError } from "../../upstream/client.server";
import { adminCaller, adminUpstream } from "../client.server";
import { openedByHand, toScreen } from "../resource-route.server";
import { NEWS_LABELS } from "../forms/labels";
import { firstProblem, newsFormSchema, parseForm } from "../forms/schemas.server";
import { adminItemHeadSchema } from "./answers.server";
import { formatSavedAt } from "./when";

/**
 * The news editor's autosave (docs/product.md, 'No edit lost'), with JavaScript only:
 * the browser posts the whole form here every 30 seconds while it has unsaved changes,
 * and asks here, when the dialog opens, whether an autosave of its own is waiting.
 */

const SCREEN = "/admin/news";
const STATES = ["draft", "scheduled", "published"] as const;

const autosaveAnswerSchema = z.object({
  at: z.string(),
  version: z.number().int().nullable().optional(),
  fields: z.record(z.string(), z.unknown()),
});

/** What the browser is told when the dialog opens: the offer's words and the form's values, or none. */
export interface AutosaveOffer {
  /** The version the dialog is opened at: what the autosaves send back. */
  version: number | null;
  autosave: { at: string; when: string; fields: Record<string, string> } | null;
}

function itemPathOf(id: string | undefined): string | null {
  return id && ITEM_ID.test(id) ? `/api/admin/news/${encodeURIComponent(id)}` : null;
}

/** The stored fields as the form's inputs take them: dates as the day or wall-clock time in the site's zone. */
function formValuesOf(fields: z.infer<typeof autosaveAnswerSchema>["fields"], timeZone: string) {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "object" && value !== null) continue;
    const text = value === null || value === undefined ? "" : String(value);
    // As the dialog's inputs take them: the publication date is a date, the scheduled time a date and time.
    values[name] =
      name === "publishedAt" && text
        ? toDateInput(text, timeZone)
        : name === "publishAt" && text
          ? toDateTimeInput(text, timeZone)
          : text;
  }
  return values;
}

/** The answer, or null when the /api has none (404) or does not know the call (405). */
async function noneIfUnknown<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

export async function autosaveOffer(request: Request, context: AppLoadContext, id: string | undefined) {
  if (openedByHand(request)) return toScreen(request, SCREEN);
  const itemPath = itemPathOf(id);
  if (!itemPath) return json({ message: "No such news item." }, 404);
  const admin = await adminUpstream(request, context);
  const timeZone = env().SITE_TIME_ZONE;
  // An upstream with only the product spec's calls has neither: nothing is offered then.
  const head = await noneIfUnknown(() => admin.getJson(itemPath, adminItemHeadSchema));
  const found = await noneIfUnknown(() => admin.getJson(`${itemPath}/autosave`, autosaveAnswerSchema));
  const autosave = found
    ? { at: found.at, when: formatSavedAt(found.at, timeZone), fields: formValuesOf(found.fields, timeZone) }
    : null;
  return json<AutosaveOffer>(
    { version: head?.version ?? null, autosave },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The state fields, when the form has them: sent as the form holds them, checked by the /api. */
function stateOf(fields: Record<string, string>, timeZone: string) {
  const status = STATES.find((state) => state === fields.status);
  if (!status) return {};
  const publishAt = fields.publishAt ? toIso(fields.publishAt, timeZone) : undefined;
  return publishAt ? { status, publishAt } : { status };
}

function toIso(local: string, timeZone: string): string | undefined {
  const parsed = newsFormSchema(timeZone).shape.publishedAt.safeParse(local);
  return parsed.success ? parsed.data : undefined;
}

/** One autosave: the form's fields checked as a save checks them, then PUT to the /api. */
export async function keepAutosave(request: Request, context: AppLoadContext, id: string | undefined) {
  const itemPath = itemPathOf(id);
  if (!itemPath) return json({ message: "No such news item." }, 404);
  const admin = await adminCaller(request, context);
  const { fields } = await readFormBody(request);
  const timeZone = env().SITE_TIME_ZONE;
  const submission = parseForm(newsFormSchema(timeZone), fields, NEWS_LABELS);
  if (submission.status !== "success") {
    return json({ message: firstProblem(submission.error) }, 400);
  }
  const version = /^\d{1,9}$/.test(fields.version ?? "") ? { version: Number(fields.version) } : {};
  try {
    const response = await admin.send(`${itemPath}/autosave`, {
      method: "PUT",
      json: { id, ...submission.value, ...stateOf(fields, timeZone), ...version },
    });
    const { at } = z.object({ at: z.string() }).parse(await response.json());
    return json({ at, when: formatSavedAt(at, timeZone) });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(oneLine(`Autosave refused: ${error instanceof Error ? error.message : String(error)}`));
    const message = error instanceof UpstreamError ? (error.serverMessage ?? "") : "";
    return json({ message }, error instanceof UpstreamError && error.status < 500 ? error.status : 502);
  }
}
