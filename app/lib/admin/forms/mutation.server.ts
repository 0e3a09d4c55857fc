import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { oneLine } from "../../../../common/log-line";
import type { Notice } from "../../notifications";
import { redirectWithNotice } from "../../security/session.server";
import { UpstreamError } from "../../upstream/client.server";
import type { FormFailure } from "./form-failure";
import { describeProblem, type FieldLabels } from "./messages";

/** The answer of a form that is shown again: the notice and Conform's reply (problems, typed values). */
export function formFailure(
  notice: Notice | null,
  result: SubmissionResult<string[]>,
  status = 400,
  conflict?: FormFailure["conflict"],
) {
  return json<FormFailure>(conflict ? { notice, result, conflict } : { notice, result }, { status });
}

/**
 * Conform's reply for a form that was not checked by a schema (several intents on one
 * screen, a check the /api made): what was typed and each named field's problem, in the
 * shape `submission.reply({ fieldErrors })` gives.
 */
export function replyWith(
  values: Record<string, string>,
  fieldErrors: Record<string, string | string[]> = {},
): SubmissionResult<string[]> {
  const error = Object.fromEntries(
    Object.entries(fieldErrors).map(([name, problems]) => [name, typeof problems === "string" ? [problems] : problems]),
  );
  return { status: "error", initialValue: values, error };
}

/** How a form's reply is made with more field problems: Conform's `submission.reply` or replyWith. */
export type Reply = (fieldErrors: Record<string, string[]>) => SubmissionResult<string[]>;

interface MutationOptions {
  /** The upstream call(s), made with the administrator's client. */
  call: () => Promise<unknown>;
  /** Or, for a notice that tells what the call answered, the notice made once it has. */
  success: Notice | (() => Notice);
  /** Builds the failure notice from the problem's words, e.g. 'Failed to create news item: {error}'. */
  failure: (error: string) => Notice;
  /** Where a success redirects (the list, without dialog state). */
  redirectTo: string;
  /** The form's labels, so a problem the upstream names by field reads as the form does. */
  labels: FieldLabels;
  /**
   * The form's reply, given the field the /api refused: `(fieldErrors) => submission.reply({ fieldErrors })`
   * for a form Conform checked; without it, `values` come back with the field's problem.
   */
  reply?: Reply;
  /** What was typed, for a form no schema checked. */
  values?: Record<string, string>;
  /** The form's field for a field the /api names otherwise (`booking.places` → `places`). */
  formFields?: Readonly<Record<string, string>>;
  /** A refusal that is answered otherwise than with a field's problem (a stale version's 409): its answer, or null. */
  refused?: (error: unknown, notice: Notice) => Response | null;
}

/**
 * Runs one admin mutation: success flashes the notice and redirects (POST → redirect
 * → GET, so every list revalidates); a failure returns the docs/product.md, 'The error
 * catalogue' sentence with the problem in the form's own words and the form's reply,
 * where a field the /api names by its code shows its problem as the form's own checks
 * do. The server log keeps the upstream's status and text.
 */
export async function runMutation(request: Request, options: MutationOptions) {
  try {
    await options.call();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(oneLine(`Admin change refused: ${error instanceof Error ? error.message : String(error)}`));
    const upstream = error instanceof UpstreamError ? error : undefined;
    const problem = describeProblem(upstream, options.labels);
    const answered = options.refused?.(error, options.failure(problem.text));
    if (answered) return answered;
    const field = problem.field ? (options.formFields?.[problem.field] ?? problem.field) : undefined;
    const fieldErrors = field ? { [field]: [problem.text] } : {};
    const reply = options.reply ?? ((errors) => replyWith(options.values ?? {}, errors));
    return formFailure(
      options.failure(problem.text),
      reply(fieldErrors),
      upstream && upstream.status < 500 ? 400 : 502,
    );
  }
  const { success } = options;
  return redirectWithNotice(request, options.redirectTo, typeof success === "function" ? success() : success);
}
