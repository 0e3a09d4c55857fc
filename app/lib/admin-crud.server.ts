import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { requireAdmin, runMutation, sendAsAdmin } from "./admin.server";
import { checkForm, formFailure } from "./admin-forms.server";
import { env } from "./env.server";
import type { Notice } from "./notice";
import type { UploadFlow } from "./upload-rules";
import { readAdminForm } from "./uploads.server";

/**
 * The action behind Manage News and Manage Events: one form per intent (create,
 * update, delete), each a single upstream call with the SPEC.md §8 notices.
 */
interface AdminListConfig<S extends z.ZodType> {
  /** As the notices name it: 'news item' → 'News item created successfully'. */
  noun: string;
  /** The /api collection, e.g. /api/admin/news (SPEC.md §7). */
  apiPath: string;
  /** The list page a success returns to, its dialog closed. */
  listPath: string;
  flow: UploadFlow;
  /** Form fields → the JSON the /api takes; dates are read in the site's time zone. */
  schema: (timeZone: string) => S;
}

const VERBS = { create: "create", update: "update", delete: "delete" } as const;
const PAST = { create: "created", update: "updated", delete: "deleted" } as const;
type Intent = keyof typeof VERBS;

function isIntent(value: string | undefined): value is Intent {
  return value === "create" || value === "update" || value === "delete";
}

export async function adminListAction<S extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  config: AdminListConfig<S>,
) {
  const token = await requireAdmin(request);
  const { fields, uploadError, uploadNotice } = await readAdminForm(request, context, token, {
    file: "imageFile",
    urlField: "imageUrl",
    flow: config.flow,
  });
  if (!isIntent(fields.intent)) {
    const problem = "intent: must be create, update or delete";
    return formFailure({ kind: "error", title: problem }, { intent: problem }, fields);
  }
  const intent = fields.intent;
  const Noun = config.noun.charAt(0).toUpperCase() + config.noun.slice(1);
  const failure = (error: string): Notice => ({
    kind: "error",
    title: `Failed to ${VERBS[intent]} ${config.noun}: ${error}`,
  });
  const mutation = {
    success: { kind: "success", title: `${Noun} ${PAST[intent]} successfully` } satisfies Notice,
    failure,
    redirectTo: config.listPath,
    values: fields,
  };

  const id = fields.id?.trim() ?? "";
  if (intent !== "create" && !id) return formFailure(failure("id: is required"), {}, fields);
  const itemPath = `${config.apiPath}/${encodeURIComponent(id)}`;

  if (intent === "delete") {
    return runMutation(request, {
      ...mutation,
      call: (token) => sendAsAdmin(context, token, itemPath, { method: "DELETE" }),
    });
  }

  if (uploadNotice) return formFailure(uploadNotice, { imageUrl: uploadError ?? uploadNotice.title }, fields);
  const checked = checkForm(config.schema(env().SITE_TIME_ZONE), fields);
  if (!checked.ok) return formFailure(failure(checked.message), { [checked.field]: checked.message }, fields);

  // SPEC.md §7: an update sends the full item.
  const body = intent === "update" ? { id, ...(checked.data as object) } : checked.data;
  return runMutation(request, {
    ...mutation,
    call: (token) =>
      sendAsAdmin(context, token, intent === "create" ? config.apiPath : itemPath, {
        method: intent === "create" ? "POST" : "PUT",
        json: body,
      }),
  });
}
