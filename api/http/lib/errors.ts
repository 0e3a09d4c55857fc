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
  /** Every item's problems, when a call takes many items (the first is `field`'s). */
  readonly problems?: ItemProblem[];
  /** The item as it is now, beside a refused save over an older version (docs/product.md, 'Publishing'). */
  readonly current?: object;
  /** Beside `current`: the fields both people changed, and the item as the save would make it (edit-merge.ts). */
  readonly conflict?: { conflicts: string[]; merged: object };

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: {
      field?: string;
      problem?: FieldProblem;
      headers?: Record<string, string>;
      code?: RequestProblemCode;
      problems?: ItemProblem[];
      current?: object;
      conflict?: { conflicts: string[]; merged: object };
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.field = options.field;
    this.problem = options.problem;
    this.headers = options.headers;
    this.code = options.code;
    this.problems = options.problems;
    this.current = options.current;
    this.conflict = options.conflict;
  }

  /** The JSON answer: the message, and the field and its problem when one field is to blame. */
  get body(): ErrorBody {
    if (this.current) return { message: this.message, current: this.current, ...this.conflict };
    if (!this.field) return this.code ? { message: this.message, code: this.code } : { message: this.message };
    const problems = this.problems ? { problems: this.problems } : {};
    return { message: this.message, field: this.field, ...this.problem, ...problems };
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
  problems?: ItemProblem[];
  current?: object;
  conflicts?: string[];
  merged?: object;
}

/** One item's problem in a call that takes many: which item (its id), its field, and what is wrong. */
export interface ItemProblem extends Partial<FieldProblem> {
  id: number | null;
  field: string;
  message: string;
}

export function notFound(what = "Not found"): ApiError {
  return new ApiError(404, what);
}
