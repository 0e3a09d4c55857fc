import { json } from "@remix-run/node";
import { oneLine } from "../../../common/log-line";
import type { Notice } from "../notifications";
import { redirectWithNotice } from "../security/session.server";
import { UpstreamError } from "../upstream.server";
import { describeProblem, type FieldLabels } from "./messages";

/** What an admin action answers when it does not redirect: the form is shown again. */
export interface ActionFailure {
  /** Null when the field's own error says all there is (the gallery's missing image). */
  notice: Notice | null;
  /** The field the problem is about, with words that name it as the form does. */
  fieldErrors: Record<string, string>;
  /** What the administrator typed, so nothing is lost. */
  values: Record<string, string>;
}

/** The answer of a form that is shown again: the notice, the blamed field, the typed values. */
export function formFailure(
  notice: Notice | null,
  fieldErrors: Record<string, string>,
  values: Record<string, string>,
  status = 400,
) {
  return json<ActionFailure>({ notice, fieldErrors, values }, { status });
}

interface MutationOptions {
  /** The upstream call(s), made with the administrator's client. */
  call: () => Promise<unknown>;
  success: Notice;
  /** Builds the failure notice from the problem's words, e.g. 'Failed to create news item: {error}'. */
  failure: (error: string) => Notice;
  /** Where a success redirects (the list, without dialog state). */
  redirectTo: string;
  /** The form's labels, so a problem the upstream names by field reads as the form does. */
  labels: FieldLabels;
  values?: Record<string, string>;
}

/**
 * Runs one admin mutation: success flashes the notice and redirects (POST → redirect
 * → GET, so every list revalidates); a failure returns the docs/product.md, 'The error catalogue' sentence with the
 * problem in the form's own words, the field it is about, and the typed values. The
 * server log keeps the upstream's status and text.
 */
export async function runMutation(request: Request, options: MutationOptions) {
  try {
    await options.call();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(oneLine(`Admin change refused: ${error instanceof Error ? error.message : String(error)}`));
    const upstream = error instanceof UpstreamError ? error : undefined;
    const problem = describeProblem(upstream, options.labels);
    return formFailure(
      options.failure(problem.text),
      problem.field ? { [problem.field]: problem.text } : {},
      options.values ?? {},
      upstream && upstream.status < 500 ? 400 : 502,
    );
  }
  return redirectWithNotice(request, options.redirectTo, options.success);
}
