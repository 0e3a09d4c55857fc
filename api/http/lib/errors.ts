import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldProblem, FieldProblemCode } from "../../../common/field-problems";

/**
 * An error that becomes a JSON answer `{ message, field?, code?, max? }` with its status:
 * `code` (and `max` for a length) say as data what `message` says in words
 * (common/field-problems.ts), so a client need not parse the sentence.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly field?: string;
  readonly problem?: FieldProblem;
  readonly headers?: Record<string, string>;
  /** A problem that is about no one field, as data (e.g. two-factor-required). */
  readonly code?: RequestProblemCode;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: {
      field?: string;
      problem?: FieldProblem;
      headers?: Record<string, string>;
      code?: RequestProblemCode;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.field = options.field;
    this.problem = options.problem;
    this.headers = options.headers;
    this.code = options.code;
  }

  /** The JSON answer: the message, and the field and its problem when one field is to blame. */
  get body(): ErrorBody {
    if (!this.field) return this.code ? { message: this.message, code: this.code } : { message: this.message };
    return { message: this.message, field: this.field, ...this.problem };
  }
}

/**
 * What is wrong with a request as a whole: the person must set up two-factor sign-in
 * first; a sign-in's second step is over (expired or too many wrong codes); the
 * person's codes are locked after too many wrong ones in a row.
 */
export type RequestProblemCode = "two-factor-required" | "challenge-expired" | "two-factor-locked";

export interface ErrorBody {
  message: string;
  field?: string;
  code?: FieldProblemCode | RequestProblemCode;
  max?: number;
}

export function notFound(what = "Not found"): ApiError {
  return new ApiError(404, what);
}
