import type { AppLoadContext } from "@remix-run/node";
import { readFormBody } from "~/lib/form-body.server";
import { UpstreamError } from "~/lib/upstream/client.server";
import { redirectWithNotice } from "~/lib/security/session.server";
import { adminUpstream } from "../client.server";
import { describeProblem, type FieldLabels } from "../forms/messages";

/** Where the site settings' forms sit; their answers go back there either way. */
export const SETTINGS_PATH = "/admin/committee";

interface SettingChange {
  /** The /api's PUT that changes the setting. */
  path: string;
  json: unknown;
  /** The notice's title when it went through, and when it did not. */
  done: string;
  failed: string;
  labels?: FieldLabels;
}

/**
 * A site setting's form action (the committee screen's forms): the change its fields
 * ask for, made by a PUT as the signed-in
 * person (the /api refuses an Editor), then back to the screen with a notice that says
 * what changed, or why not in plain words.
 */
export async function changeSetting(
  request: Request,
  context: AppLoadContext,
  changeOf: (fields: Record<string, string>) => SettingChange,
) {
  const admin = await adminUpstream(request, context);
  const change = changeOf((await readFormBody(request)).fields);
  try {
    await admin.send(change.path, { method: "PUT", json: change.json });
  } catch (error) {
    if (error instanceof Response) throw error;
    const problem = describeProblem(error instanceof UpstreamError ? error : undefined, change.labels ?? {});
    return redirectWithNotice(request, SETTINGS_PATH, {
      kind: "error",
      title: change.failed,
      description: problem.text,
    });
  }
  return redirectWithNotice(request, SETTINGS_PATH, { kind: "success", title: change.done });
}
