import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error that becomes a JSON answer `{ message, field? }` with its status. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly field?: string;
  readonly headers?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.field = options.field;
    this.headers = options.headers;
  }
}

export interface ErrorBody {
  message: string;
  field?: string;
}

export function notFound(what = "Not found"): ApiError {
  return new ApiError(404, what);
}
