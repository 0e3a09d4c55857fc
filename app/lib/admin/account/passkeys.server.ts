import { json } from "@remix-run/node";
import { z } from "zod";
import type { Notice } from "../../notifications";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { describeProblem, type FieldLabels } from "../forms/messages";
import { runMutation } from "../forms/mutation.server";
import { PROOF_LABELS, proofOf } from "./proof.server";

/**
 * The app's side of passkeys (docs/product.md, 'Passkeys'): what the /api answers,
 * read with zod, and the calls the account screen and the two resource routes make.
 * The ceremony itself runs in the browser (components/admin/PasskeySignIn.tsx,
 * committee/AddPasskey.tsx); these only carry its messages to the /api and back.
 */

export const passkeysSchema = z.array(
  z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
);
export type PasskeyRow = z.infer<typeof passkeysSchema>[number];

/** A challenge the /api handed out, with the options the browser needs; passed on as they are. */
export const ceremonySchema = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });

/** The browser's answer, as the page posts it in a form field: JSON text, parsed here. */
export function browserAnswer(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

/**
 * What a ceremony's failure answers: the notice the page shows, and a status that is not
 * a 500. A problem with a field the page asked for (the password) is told by its label.
 */
export function ceremonyFailure(title: string, error: unknown, fallback: string, labels?: FieldLabels) {
  const upstream = error instanceof UpstreamError ? error : undefined;
  const description =
    labels && upstream?.field && upstream.status < 500
      ? describeProblem(upstream, labels).text
      : (upstream?.jsonMessage ?? fallback);
  const status = error instanceof UpstreamError && error.status < 500 ? error.status : 502;
  return json<{ notice: Notice }>({ notice: { kind: "error", title, description } }, { status });
}

/**
 * A redirect with its cookie (the session, the notice) as the page's script reads it:
 * `{redirectTo}`, the same cookie set, and the script navigates there itself.
 */
export function forScript(redirect: Response) {
  const headers = new Headers();
  const cookie = redirect.headers.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return json({ redirectTo: redirect.headers.get("Location") ?? "/admin" }, { headers });
}

/**
 * The account screen's removal (a plain form, so it works without JavaScript), with the
 * password or a code typed in it; refused, the form stays open with the problem.
 */
export function removePasskey(request: Request, admin: AdminUpstream, fields: Record<string, string>) {
  const id = encodeURIComponent(fields.passkey ?? "");
  return runMutation(request, {
    labels: PROOF_LABELS,
    redirectTo: "/admin/account",
    values: { intent: "remove-passkey", passkey: fields.passkey ?? "" },
    call: () => admin.send(`/api/admin/passkeys/${id}`, { method: "DELETE", json: proofOf(fields) }),
    success: { kind: "success", title: "Passkey removed", description: "It can no longer sign you in." },
    failure: (error) => ({ kind: "error", title: "Failed to remove the passkey", description: error }),
  });
}
