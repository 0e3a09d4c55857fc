import type { AppLoadContext } from "@remix-run/node";
import type { ApiFetch } from "../load-context";
import type { z } from "zod";
import { env } from "../config.server";

/**
 * The one way the web app talks to the /api (docs/product.md, 'The calls it makes', docs/architecture.md, 'The web app (app/)').
 * With the embedded API, server.ts hands a fetch function through the load context
 * (app/lib/load-context.ts) and requests never touch a socket; otherwise they go to
 * API_URL over HTTP.
 */

const IN_PROCESS_ORIGIN = "http://upstream.internal";

/** A non-OK answer: the message is `status: body` (or the status text), as docs/product.md, 'The calls it makes' says. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "UpstreamError";
  }

  #json: JsonError | null | undefined;

  /** The body read as a JSON error, once (null when it is none). */
  private get json(): JsonError | null {
    if (this.#json === undefined) this.#json = parseJsonMessage(this.body);
    return this.#json;
  }

  /** The `message` of a JSON error body (docs/product.md, 'Entities and their fields': "message on failure"), when there is one. */
  get jsonMessage(): string | undefined {
    return this.json?.message;
  }

  /** The upstream's own words: its JSON `message`, else the body text; none when it sent none. */
  get serverMessage(): string | undefined {
    return this.jsonMessage ?? (this.body || undefined);
  }

  /** What went wrong, for the {error} of a notice: the upstream's words, else the status text. */
  get detail(): string {
    return this.serverMessage ?? this.statusText;
  }

  /** The request field the upstream blamed, when it named one. */
  get field(): string | undefined {
    return this.json?.field;
  }

  /** What is wrong with that field, as data (common/field-problems.ts), when the upstream said. */
  get problem(): { code?: string; max?: number } {
    const { code, max } = this.json ?? {};
    return { code, max };
  }
}

interface JsonError {
  message?: string;
  field?: string;
  code?: string;
  max?: number;
}

function parseJsonMessage(body: string): JsonError | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { message, field, code, max } = parsed as Record<string, unknown>;
    return {
      message: typeof message === "string" ? message : undefined,
      field: typeof field === "string" ? field : undefined,
      code: typeof code === "string" ? code : undefined,
      max: typeof max === "number" ? max : undefined,
    };
  } catch {
    return null;
  }
}

export interface UpstreamRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  token?: string;
  json?: unknown;
  /** Sent as it is: text, bytes held whole, or a stream sent as it arrives. */
  body?: BodyInit;
  contentType?: string;
  /** The visitor's cookies the /api reads (the gallery passphrase's), as a Cookie header. */
  cookie?: string;
}

function transport(context: AppLoadContext): { origin: string; fetch: ApiFetch } {
  if (context.apiFetch) return { origin: IN_PROCESS_ORIGIN, fetch: context.apiFetch };
  const apiUrl = env().API_URL;
  if (!apiUrl) throw new Error("API_URL must be set when the app runs without the embedded API");
  return { origin: apiUrl, fetch: (request) => fetch(request) };
}

/** Something that sends calls to the /api on someone's behalf (the admin client does, with its token). */
export interface UpstreamSender {
  send(path: string, init?: Omit<UpstreamRequest, "token">): Promise<Response>;
}

/** Sends one request; resolves to the OK response or throws UpstreamError. */
export async function upstreamFetch(
  context: AppLoadContext,
  pathOrUrl: string,
  { method = "GET", token, json, body, contentType, cookie }: UpstreamRequest = {},
): Promise<Response> {
  const { origin, fetch: send } = transport(context);
  const headers = new Headers({ Accept: "application/json" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (cookie) headers.set("Cookie", cookie);
  if (context.clientAddress) headers.set("X-Forwarded-For", context.clientAddress);
  if (context.userAgent) headers.set("User-Agent", context.userAgent);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  else if (contentType) headers.set("Content-Type", contentType);

  const request = new Request(new URL(pathOrUrl, origin), {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
    credentials: "include",
    // A body arriving as a stream (a file sent on as it comes) is sent as it comes.
    ...(body instanceof ReadableStream && { duplex: "half" }),
  } as RequestInit);
  const response = await send(request);
  if (!response.ok) {
    throw new UpstreamError(response.status, await response.text(), response.statusText);
  }
  return response;
}

/** GET and parse a public resource. */
export async function getJson<T>(context: AppLoadContext, path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await upstreamFetch(context, path);
  return schema.parse(await response.json());
}
