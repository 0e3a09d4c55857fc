import { z } from "zod";
import { ApiError } from "./errors";

/** A list's ?page= as typed: a whole number from 1, or left out for the first page. */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, "must be a whole number from 1")
  .transform(Number)
  .optional();

/**
 * One page of a list: its rows, and where it stands among the pages. Past the last page: 404.
 * `reachable`: the most rows paged through, however many `total` counts.
 */
export async function paged<T>(
  requested: number | undefined,
  size: number,
  read: (window: { limit: number; offset: number }) => Promise<{ items: T[]; total: number }>,
  reachable = Infinity,
) {
  const number = requested ?? 1;
  const { items, total } = await read({ limit: size, offset: (number - 1) * size });
  const pages = Math.max(1, Math.ceil(Math.min(total, reachable) / size));
  if (number > pages) throw new ApiError(404, "Page not found");
  return { items, total, page: number, pages };
}
