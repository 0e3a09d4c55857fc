import type { Context } from "hono";
import { z } from "zod";
import { isoDateProblem } from "../../../common/date-range";
import { coded, dateIssue, problemOfIssue } from "../../../common/field-problems";
import { isHttpUrl, TEXT_LIMITS, tooLong } from "../../../common/text-limits";
import { ApiError } from "./errors";
import { RANDOM_ID_PATTERN } from "../../store/random-id";

/** The form of image paths this API hands out, e.g. /objects/images/3q2-7wEAAAAAAAAAAAAAAA. */
export const OBJECT_IMAGE_PATH = new RegExp(`^/objects/images/${RANDOM_ID_PATTERN}$`);

const required = (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? "is required" : "must be text";

/** The words (and codes) of an address's two problems of its own: a line break, and not an address. */
export interface AddressProblems {
  lineBreak: { message: string; params?: { code: string } };
  notAnAddress: { message: string; params?: { code: string } };
}

const ADDRESS_PROBLEMS: AddressProblems = {
  lineBreak: coded("invalid", "must be one line"),
  notAnAddress: coded("email", "must be an email address"),
};

/**
 * An e-mail address a person typed (subscribing, booking, the Mail screen's test): one
 * line, trimmed, at most 254 characters, a whole address. The problems carry codes the
 * app words for people; a screen that shows the sentences as they are passes its own.
 */
export function emailAddress(problems: AddressProblems = ADDRESS_PROBLEMS) {
  return z
    .string({ error: required })
    .refine((v) => !/[\r\n\u2028\u2029]/.test(v), problems.lineBreak)
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, "is required")
        .max(TEXT_LIMITS.email, tooLong(TEXT_LIMITS.email))
        .refine((v) => z.email().safeParse(v).success, problems.notAnAddress),
    );
}

/** Required text, trimmed, non-empty. */
export function requiredText(max: number) {
  return z.string({ error: required }).trim().min(1, "is required").max(max, tooLong(max));
}

/** Optional text: missing, null or blank all become null. */
export function optionalText(max: number) {
  return z
    .string({ error: "must be text" })
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Free text that may be empty (page texts): missing becomes ''. Line breaks are kept. */
export function pageText(max: number) {
  return z
    .string({ error: "must be text" })
    .max(max, tooLong(max))
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n/g, "\n").trim());
}

export function httpUrl() {
  return requiredText(TEXT_LIMITS.url).refine(isHttpUrl, coded("url", "must be an http or https URL"));
}

const IMAGE_URL_PROBLEM = coded("image-url", "must be an http or https URL or an uploaded image path");

function isImageUrl(value: string): boolean {
  return OBJECT_IMAGE_PATH.test(value) || isHttpUrl(value);
}

export function requiredImageUrl() {
  return requiredText(TEXT_LIMITS.url).refine(isImageUrl, IMAGE_URL_PROBLEM);
}

/** Optional image URL: missing, null or '' become null. */
export function optionalImageUrl() {
  return optionalText(TEXT_LIMITS.url).refine((v) => v === null || isImageUrl(v), IMAGE_URL_PROBLEM);
}

/** A day on the calendar, YYYY-MM-DD (a term's day, a series' last date), in years 1900–2200. */
export function localDay() {
  return z
    .string({ error: required })
    .trim()
    .min(1, "is required")
    .superRefine((value, ctx) => {
      if (value === "") return;
      const problem = /^\d{4}-\d{2}-\d{2}$/.test(value) ? isoDateProblem(value) : "must be a date YYYY-MM-DD";
      if (problem) ctx.addIssue(dateIssue(problem));
    });
}

/**
 * An ISO date or date-time on the calendar, in years 1900–2200 (common/date-range.ts);
 * normalised to an ISO string (UTC) for storage.
 */
export function dateTime() {
  return z
    .string({ error: required })
    .trim()
    .min(1, "is required")
    .transform((value, ctx) => {
      const problem = isoDateProblem(value);
      if (problem) {
        ctx.addIssue(dateIssue(problem));
        return z.NEVER;
      }
      return new Date(value).toISOString();
    });
}

export function optionalEmail() {
  return pageText(TEXT_LIMITS.email).refine(
    (v) => v === "" || z.email().safeParse(v).success,
    coded("email", "must be an email address"),
  );
}

/** Parses with a schema; the first problem becomes 400 "<field>: <problem>", its code beside it. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join(".");
  if (!field) throw new ApiError(400, `Request body: ${issue.message}`);
  throw new ApiError(400, `${field}: ${issue.message}`, { field, problem: problemOfIssue(issue, input) });
}

/** application/json or a +json type, with any parameters (charset). */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON object body; anything that is not valid JSON is a 400, never a 500.
 * The body must say it is JSON: a page on another site can post text/plain to us
 * without a CORS preflight, but never application/json, so this keeps such pages from
 * spending a visitor's login attempts (or writing anything else) behind their back.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  if (!JSON_CONTENT_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new ApiError(415, "Request body must be JSON (Content-Type: application/json)");
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new ApiError(400, "Request body must be valid JSON");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body must be valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError(400, "Request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

const POSITIVE_ID = /^[1-9]\d{0,14}$/;

/**
 * `?ids=1,2,3`: the items a page asks about at once, each a positive whole number, at most
 * `max` of them as written, answered each once in the order first asked. Anything else is
 * the call's own `problem` (a 400 naming the field); a missing list "is required".
 */
export function idListQuery(max: number, problem: string, separator: "," | "." = ",") {
  return z.string({ error: "is required" }).transform((text, ctx) => {
    const parts = text.split(separator);
    if (parts.length > max || !parts.every((part) => POSITIVE_ID.test(part))) {
      ctx.addIssue({ code: "custom", message: problem, input: text });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });
}

/** Route ids are positive integers; anything else is simply not found. */
export function parseId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, "Not found");
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, "Not found");
  return id;
}
