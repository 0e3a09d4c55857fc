import { json, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin, runMutation, sendAsAdmin, type ActionFailure } from "./admin.server";
import { readFormBody } from "./form-body.server";
import { getJson } from "./upstream.server";

/**
 * The two admin text pages (Edit Who We Are, Edit What We Do) differ only in their
 * fields and words; this is their shared save action.
 */
interface PageTextsSave {
  /** The upstream's PUT path, e.g. /api/admin/who-we-are. */
  apiPath: string;
  /** The form fields, named as the /api names them, so a blamed field maps back. */
  fields: readonly string[];
  /** 'Who We Are' or 'What We Do', as the SPEC.md §8 notifications name them. */
  contentName: string;
  /** The editor's own address: a success reloads it with the saved text. */
  redirectTo: string;
}

/** The editor's loader: the stored texts, read from the public path (e.g. /api/who-we-are). */
export async function loadPageTexts(
  request: Request,
  context: AppLoadContext,
  apiPath: string,
  schema: z.ZodType<Record<string, string>>,
) {
  await requireAdmin(request, context);
  return json({ content: await getJson(context, apiPath, schema) });
}

/** The /api caps page texts at 50,000 characters; refusing more here saves a round trip. */
const MAX_PAGE_TEXT = 50_000;

export async function savePageTexts(request: Request, context: AppLoadContext, save: PageTextsSave) {
  const admin = await requireAdmin(request, context);
  const { fields: form } = await readFormBody(request);
  const schema = z.object(
    Object.fromEntries(
      save.fields.map((field) => [
        field,
        z
          .string({ error: `${field}: must be text` })
          .max(MAX_PAGE_TEXT, `${field}: must be at most ${MAX_PAGE_TEXT} characters`)
          .optional(),
      ]),
    ),
  );
  const values = Object.fromEntries(
    save.fields.map((field) => {
      return [field, form[field]];
    }),
  );
  const typed = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value ?? ""]));
  const failureTitle = (error: string) => `Failed to update ${save.contentName} content: ${error}`;

  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return json<ActionFailure>(
      {
        notice: { kind: "error", title: failureTitle(issue.message) },
        fieldErrors: { [String(issue.path[0])]: issue.message },
        values: typed,
      },
      { status: 400 },
    );
  }

  return runMutation(request, admin, {
    // A field missing from the form is left out, and the /api keeps its stored value.
    call: (token) => sendAsAdmin(context, token, save.apiPath, { method: "PUT", json: parsed.data }),
    success: { kind: "success", title: `${save.contentName} content updated successfully` },
    failure: (error) => ({ kind: "error", title: failureTitle(error) }),
    redirectTo: save.redirectTo,
    values: typed,
  });
}
