import type { z } from "zod";
import { UpstreamError } from "./client.server";

/**
 * Reading the upstream's lists a window at a time (the /api's optional `limit`,
 * `offset`, `fields` and filters), so a page costs what it shows, not what the club
 * has posted over the years. An upstream that speaks docs/product.md, 'The calls it makes' alone ignores those
 * parameters and sends the whole list; it is recognised by the missing
 * `X-Total-Count` header, and the window is then cut here from what it sent.
 */

export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** One call to the upstream: the OK answer, or UpstreamError. */
export type Send = (path: string) => Promise<Response>;

/** A window of a list, and how many items the whole list (with its filter) holds. */
export interface ListSlice<T> {
  items: T[];
  total: number;
}

export interface SliceRequest<T> {
  /** The list's path, e.g. /api/news. */
  path: string;
  /** Parses the answer: a list schema, picked down to `fields` when they are set. */
  schema: z.ZodType<T[]>;
  limit: number;
  offset: number;
  /** The fields to ask for; the id always comes. */
  fields?: readonly string[];
  /** Further parameters (events: from, to, order). */
  params?: Record<string, string>;
  /**
   * What those parameters do, done here to a whole list from an upstream that ignored
   * them: filter and order it as the /api would have.
   */
  applyLocally?: (items: T[]) => T[];
}

type SliceAddress = Pick<SliceRequest<unknown>, "path" | "limit" | "offset" | "fields" | "params">;

export function slicePath({ path, limit, offset, fields, params }: SliceAddress): string {
  const query = new URLSearchParams({ ...params, limit: String(limit), offset: String(offset) });
  if (fields) query.set("fields", fields.join(","));
  return `${path}?${query}`;
}

export async function readSlice<T>(send: Send, request: SliceRequest<T>): Promise<ListSlice<T>> {
  const response = await send(slicePath(request));
  const items = request.schema.parse(await response.json());
  const total = totalOf(response);
  if (total !== null) return { items: items.slice(0, request.limit), total };
  const all = request.applyLocally ? request.applyLocally(items) : items;
  return { items: all.slice(request.offset, request.offset + request.limit), total: all.length };
}

/** How many items a list holds (a COUNT at the /api); the length of the whole list from another upstream. */
export async function readCount(send: Send, path: string, params: Record<string, string> = {}): Promise<number> {
  const response = await send(slicePath({ path, limit: 0, offset: 0, fields: ["id"], params }));
  const total = totalOf(response);
  if (total !== null) return total;
  const items: unknown = await response.json();
  return Array.isArray(items) ? items.length : 0;
}

function totalOf(response: Response): number | null {
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  return header !== null && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

/**
 * One item by its id (GET {path}/{id}), or null when there is none. An upstream that
 * pages its lists also answers item calls, so its 404 is the last word; one that speaks
 * docs/product.md, 'The calls it makes' alone has no item calls, so its list is searched instead.
 */
export async function readItem<T extends { id: string }>(
  send: Send,
  path: string,
  id: string,
  schemas: { item: z.ZodType<T>; list: z.ZodType<T[]> },
): Promise<T | null> {
  try {
    return schemas.item.parse(await (await send(`${path}/${encodeURIComponent(id)}`)).json());
  } catch (error) {
    if (!(error instanceof UpstreamError && (error.status === 404 || error.status === 405))) throw error;
  }
  const response = await send(`${path}?limit=0`);
  if (totalOf(response) !== null) return null;
  return schemas.list.parse(await response.json()).find((item) => item.id === id) ?? null;
}
