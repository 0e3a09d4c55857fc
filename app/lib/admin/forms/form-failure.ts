import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "../../notifications";
import type { EditConflict } from "../publishing/conflict";

/**
 * What an admin action answers when it does not redirect: the form is shown again. The
 * one shape every admin form's failure takes, on the server that sends it and on the
 * page that reads it (docs/decisions/admin-forms-on-conform.md).
 */
export interface FormFailure {
  /** Null when the fields' own problems say all there is (the gallery's missing image). */
  notice: Notice | null;
  /**
   * Conform's reply (`submission.reply()`): every field's problems in the form's words
   * (`error`, by field name) and what was typed (`initialValue`), so nothing is lost. The
   * page hands it to `useForm` as `lastResult`.
   */
  result: SubmissionResult<string[]>;
  /**
   * Set when the save was refused because the item was saved by someone else since the
   * form was opened: their version, shown beside the typed text (publishing).
   */
  conflict?: EditConflict;
}

/** The first problem of each field, for a screen that shows one line per field without useForm. */
export function problemsOf(failure: FormFailure | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, messages] of Object.entries(failure?.result.error ?? {})) {
    if (name && messages?.[0]) problems[name] = messages[0];
  }
  return problems;
}

/** What was typed into the form before it failed, one string per field. */
export function typedOf(failure: FormFailure | undefined): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [name, value] of Object.entries(failure?.result.initialValue ?? {})) {
    if (typeof value === "string") typed[name] = value;
  }
  return typed;
}

/**
 * The failure's reply when it was this form's: the same `intent` and, for a form about
 * one item, the same `id`; a screen of several forms shows each its own problems.
 */
export function replyOf(failure: FormFailure | undefined, intent: string, id?: string) {
  const typed = failure?.result.initialValue;
  if (!typed || typed.intent !== intent || (id !== undefined && typed.id !== id)) return undefined;
  return failure.result;
}

/**
 * What one form of a screen of several shows: after its own failed save, what was typed
 * (over the stored values) and each field's first problem; otherwise the stored values.
 */
export function shownForm<V extends Record<string, string>>(
  failure: FormFailure | undefined,
  intent: string,
  stored: V,
): { values: V; errors: Record<string, string> } {
  if (!replyOf(failure, intent)) return { values: stored, errors: {} };
  return { values: { ...stored, ...typedOf(failure) }, errors: problemsOf(failure) };
}
