import type { z } from "zod";
import { OUT_OF_RANGE } from "./date-range";

/**
 * What is wrong with a field, as data (docs/product.md, 'Validation rules', 'The calls it makes'): the /api sends it beside
 * its sentence, the admin forms choose their own words from it, so a sentence can
 * change without the forms misreading it. A client meeting a code it does not know
 * keeps the sentence.
 */
export const FIELD_PROBLEM_CODES = [
  /** Missing, or blank once trimmed. */
  "required",
  /** Sent, but not a string. */
  "not-text",
  /** Longer than `max` characters. */
  "too-long",
  /** Not an http or https address with a host. */
  "url",
  /** Neither such an address nor an image path the /api handed out. */
  "image-url",
  "email",
  /** A person's name that holds a link or an e-mail address. */
  "name",
  /** Not an ISO date on the calendar and the clock. */
  "date",
  /** A date outside the years the site holds (common/date-range.ts). */
  "date-range",
  /** Anything else: the sentence says what. */
  "invalid",
] as const;

export type FieldProblemCode = (typeof FIELD_PROBLEM_CODES)[number];

export interface FieldProblem {
  code: FieldProblemCode;
  /** With "too-long": the most characters allowed. */
  max?: number;
}

/** The refine options that give a custom check its code, e.g. `.refine(isUrl, coded("url", "must be …"))`. */
export function coded(code: FieldProblemCode, message: string) {
  return { message, params: { code } };
}

/** The issue a date check adds for a problem of common/date-range.ts's isoDateProblem. */
export function dateIssue(problem: string) {
  return { code: "custom" as const, ...coded(problem === OUT_OF_RANGE ? "date-range" : "date", problem) };
}

/** True for a code this list holds; a client meeting any other keeps the sentence. */
export function isFieldProblemCode(value: unknown): value is FieldProblemCode {
  return FIELD_PROBLEM_CODES.some((code) => code === value);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The code of a zod issue raised while checking `input`, from its kind (and its params for custom checks). */
export function problemOfIssue(issue: z.core.$ZodIssue, input: unknown): FieldProblem {
  switch (issue.code) {
    case "invalid_type": {
      const value = valueAt(input, issue.path);
      if (value === undefined || value === null) return { code: "required" };
      return { code: issue.expected === "string" ? "not-text" : "invalid" };
    }
    // Text rules say 'at least one character' only to mean 'required'.
    case "too_small":
      return { code: issue.origin === "string" ? "required" : "invalid" };
    case "too_big":
      return issue.origin === "string" ? { code: "too-long", max: Number(issue.maximum) } : { code: "invalid" };
    case "custom": {
      const code: unknown = issue.params?.code;
      return { code: isFieldProblemCode(code) ? code : "invalid" };
    }
    default:
      return { code: "invalid" };
  }
}
