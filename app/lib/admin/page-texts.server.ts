import { json, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { TEXT_LIMITS, tooLong } from "../../../common/text-limits";
import { readFormBody } from "../form-body.server";
import { adminUpstream } from "./client.server";
import { firstProblem, parseForm } from "./forms/schemas.server";
import type { FieldLabels } from "./forms/messages";
import { formFailure, runMutation, type Reply } from "./forms/mutation.server";

/**
 * The two admin text pages (Edit Who We Are, Edit What We Do) differ only in their
 * fields and words; these are their shared loader and save action.
 */
interface PageTextsSave {
  /** The upstream's PUT path, e.g. /api/admin/who-we-are. */
  apiPath: string;
  /** The form's fields and labels, named as the /api names them, so a blamed field maps back. */
  labels: FieldLabels;
  /** 'Who We Are' or 'What We Do', as the docs/product.md, 'The error catalogue' notifications name them. */
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
  const admin = await adminUpstream(request, context);
  return json({ content: await admin.getJson(apiPath, schema) });
}

export async function savePageTexts(request: Request, context: AppLoadContext, save: PageTextsSave) {
  const admin = await adminUpstream(request, context);
  const { fields: form } = await readFormBody(request);
  const names = Object.keys(save.labels);
  // Each text within the /api's own limit (common/text-limits.ts): refusing more here saves a round trip.
  const schema = z.object(
    Object.fromEntries(
      names.map((name) => [
        name,
        z.string({ error: "must be text" }).max(TEXT_LIMITS.pageText, tooLong(TEXT_LIMITS.pageText)).optional(),
      ]),
    ),
  );
  const typed = Object.fromEntries(names.map((name) => [name, form[name] ?? ""]));
  const failure = (error: string) => ({
    kind: "error" as const,
    title: `Failed to update ${save.contentName} content: ${error}`,
  });

  const sent = Object.fromEntries(names.flatMap((name) => (form[name] === undefined ? [] : [[name, form[name]]])));
  const submission = parseForm(schema, sent, save.labels);
  const reply: Reply = (fieldErrors) => ({ ...submission.reply({ fieldErrors }), initialValue: typed });
  if (submission.status !== "success") return formFailure(failure(firstProblem(submission.error)), reply({}));
  const checked = submission.value;

  return runMutation(request, {
    // A field missing from the form is left out, and the /api keeps its stored value.
    call: () => admin.send(save.apiPath, { method: "PUT", json: checked }),
    success: { kind: "success", title: `${save.contentName} content updated successfully` },
    failure,
    redirectTo: save.redirectTo,
    labels: save.labels,
    reply,
  });
}
