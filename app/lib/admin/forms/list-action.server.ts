import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { env } from "../../config.server";
import type { Notice } from "../../notifications";
import type { UploadFlow } from "../../uploads/rules";
import { readAdminForm, storeFormFile } from "../../uploads/upload.server";
import { adminUpstream } from "../client.server";
import { firstProblem, parseForm } from "./schemas.server";
import type { FieldLabels } from "./messages";
import { listPageOf } from "./list-page.server";
import { formFailure, replyWith, runMutation, type Reply } from "./mutation.server";
import type { ConflictReader } from "./conflict.server";
import { publishBodyOf } from "../publishing/publish-fields.server";
import { withChoices } from "../publishing/conflict-choices.server";
import { PUBLISH_LABELS } from "../publishing/states";

const INTENTS = ["create", "update", "delete"] as const;
export type ListIntent = (typeof INTENTS)[number];

/** One intent's docs/product.md, 'The error catalogue' notifications. */
export interface IntentNotices {
  success: Notice;
  /** Built from the problem's words, in the form's own terms. */
  failure: (error: string) => Notice;
}

/**
 * The news and events wording, derived from the noun:
 * 'news item' → 'News item created successfully' / 'Failed to create news item: {error}'.
 */
export function nounNotices(noun: string): Record<ListIntent, IntentNotices> {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const PAST = { create: "created", update: "updated", delete: "deleted" } as const;
  const notices = (intent: ListIntent): IntentNotices => ({
    success: { kind: "success", title: `${Noun} ${PAST[intent]} successfully` },
    failure: (error) => ({ kind: "error", title: `Failed to ${intent} ${noun}: ${error}` }),
  });
  return { create: notices("create"), update: notices("update"), delete: notices("delete") };
}

/**
 * The action behind Manage News, Manage Events and Manage Gallery: one form per intent
 * (create, update, delete), each a single upstream call with the docs/product.md, 'The error catalogue' notices.
 */
interface AdminListConfig<S extends z.ZodType> {
  notices: Record<ListIntent, IntentNotices>;
  /** The form's labels, which every problem is told in. */
  labels: FieldLabels;
  /** The form's field for a field the /api names otherwise (runMutation's formFields). */
  formFields?: Readonly<Record<string, string>>;
  /**
   * The notice for a form the check below refused (the field shows the same words);
   * by default the intent's failure notice.
   */
  invalidNotice?: (problem: string) => Notice;
  /**
   * Set when an item cannot exist without an image: a create or update without one
   * comes back with these words beside the image field and no notice, as the field says it.
   */
  imageRequired?: string;
  /** The /api collection, e.g. /api/admin/news (docs/product.md, 'The calls it makes'). */
  apiPath: string;
  /** The list a success returns to (the page it was sent from), its dialog closed. */
  listPath: string;
  flow: UploadFlow;
  /** Form fields → the JSON the /api takes; dates are read in the site's time zone, per intent. */
  schema: (timeZone: string, intent: "create" | "update") => S;
  /**
   * Items whose change or delete may reach others (an event's repeating series): the query
   * the PUT or DELETE is sent with, read from the form, or the field's problem when the form
   * asked for something it does not offer.
   */
  itemQuery?: (
    fields: Readonly<Record<string, string>>,
    intent: "update" | "delete",
  ) => { query: string } | { field: string; problem: string };
  /**
   * Items with publishing states (news, events; publishing): the form's
   * three saves and its version are sent, and a stale version's 409 shows the other version
   * beside the typed text, read as this says.
   */
  publishing?: ConflictReader;
}

/** What the checks see in the image field while the attached file is not yet stored; never sent. */
const ATTACHED_FILE = "(attached file)";

function isIntent(value: string | undefined): value is ListIntent {
  return INTENTS.some((intent) => intent === value);
}

export async function adminListAction<S extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  config: AdminListConfig<S>,
) {
  const admin = await adminUpstream(request, context);
  // Without JavaScript the image file comes with the form; it is stored once the text is checked.
  const form = await readAdminForm(request, { file: "imageFile", flow: config.flow });
  const { file, fileRefused } = form;
  // After a refused save, each field both people changed is saved as its choice says.
  const fields = config.publishing ? withChoices(form.fields) : form.fields;
  if (!isIntent(fields.intent)) {
    const problem = "This form cannot be sent: reload the page and try again.";
    return formFailure({ kind: "error", title: problem }, replyWith(fields));
  }
  const intent = fields.intent;
  const { success, failure } = config.notices[intent];
  const labels = config.publishing ? { ...config.labels, ...PUBLISH_LABELS } : config.labels;
  const mutation = {
    success,
    failure,
    redirectTo: listPageOf(request, config.listPath),
    labels,
    formFields: config.formFields,
  };

  const id = fields.id?.trim() ?? "";
  if (intent !== "create" && !id) {
    return formFailure(failure("This form does not say which item: reload the page and try again."), replyWith(fields));
  }
  const asked = intent === "create" ? { query: "" } : (config.itemQuery?.(fields, intent) ?? { query: "" });
  if ("problem" in asked)
    return formFailure(failure(asked.problem), replyWith(fields, { [asked.field]: asked.problem }));
  const itemPath = `${config.apiPath}/${encodeURIComponent(id)}${asked.query}`;

  if (intent === "delete") {
    return runMutation(request, {
      ...mutation,
      values: fields,
      call: () => admin.send(itemPath, { method: "DELETE" }),
    });
  }

  // A refused file is told in the notice, and its words show beside the image field.
  const refusedFile = (notice: Notice) =>
    formFailure(notice, replyWith(fields, { imageUrl: notice.description ?? notice.title }));
  if (fileRefused) return refusedFile(fileRefused);
  // An attached file stands for the image address it will get: the text is checked before it is stored.
  const toCheck = file ? { ...fields, imageUrl: ATTACHED_FILE } : fields;
  const timeZone = env().SITE_TIME_ZONE;
  const submission = parseForm(config.schema(timeZone, intent), toCheck, config.labels);
  // The reply holds what was typed, never the stand-in for the attached file.
  const reply: Reply = (fieldErrors) => ({ ...submission.reply({ fieldErrors }), initialValue: fields });
  // A missing image is told beside its field, with the other fields' problems and no notice, as the field says it.
  const missing = config.imageRequired && !toCheck.imageUrl?.trim() ? { imageUrl: [config.imageRequired] } : null;
  const publish = config.publishing ? publishBodyOf(fields, intent, timeZone, new Date()) : { body: {} };
  const unscheduled = "publishAt" in publish ? { publishAt: [publish.publishAt] } : null;
  if (submission.status !== "success" || missing || unscheduled) {
    const problem = firstProblem(submission.status === "error" ? submission.error : undefined);
    const notice = missing
      ? null
      : (config.invalidNotice ?? failure)(problem || (unscheduled ? unscheduled.publishAt[0] : ""));
    return formFailure(notice, reply({ ...missing, ...unscheduled }));
  }
  let data: object = { ...(submission.value as object), ...("body" in publish ? publish.body : {}) };
  if (file) {
    const stored = await storeFormFile(context, admin, config.flow, file);
    if ("notice" in stored) return refusedFile(stored.notice);
    // Should the /api refuse the item, the form comes back holding the stored image's address.
    fields.imageUrl = stored.url;
    data = { ...data, imageUrl: stored.url };
  }

  // docs/product.md, 'The calls it makes': an update sends the full item.
  const body = intent === "update" ? { id, ...data } : data;
  const view = config.publishing;
  return runMutation(request, {
    ...mutation,
    reply,
    // The fields both changed beside the typed text, each with a choice; what only they changed is
    // now in the form; the form carries their version, which the choices are saved over.
    refused: (error, notice) => {
      const read = view ? view(error, timeZone, body as Record<string, unknown>, fields) : null;
      if (!read) return null;
      const { conflict, values } = read;
      const typed = { ...fields, ...values, version: String(conflict.version ?? ""), state: conflict.status };
      return formFailure(notice, { ...reply({}), initialValue: typed }, 409, conflict);
    },
    call: () =>
      admin.send(intent === "create" ? config.apiPath : itemPath, {
        method: intent === "create" ? "POST" : "PUT",
        json: body,
      }),
  });
}
