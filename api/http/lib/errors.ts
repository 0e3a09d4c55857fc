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

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { field?: string; problem?: FieldProblem; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.field = options.field;
    this.problem = options.problem;
    this.headers = options.headers;
  }

  /** The JSON answer: the message, and the field and its problem when one field is to blame. */
  get body(): ErrorBody {
    if (!this.field) return { message: this.message };
    return { message: this.message, field: this.field, ...this.problem };
  }
}

export interface ErrorBody {
  message: string;
  field?: string;
  code?: FieldProblemCode;
  max?: number;
}

export function notFound(what = "Not found"): ApiError {
  return new ApiError(404, what);
}
