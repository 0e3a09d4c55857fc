import { notFound } from "../not-found.server";
import { PAGE_NUMBER } from "./page-number";
import type { PageInfo } from "./pages";
import type { ListSlice } from "../upstream/lists.server";

/**
 * Long lists come a page at a time (?page=N), public and admin alike, and each page
 * reads only its own items from the upstream. A page that does not exist (not a whole
 * number, 0, past the last) is not found, like any other unknown address.
 */
export function requestedPage(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  if (!PAGE_NUMBER.test(raw)) notFound();
  return Number(raw);
}

/**
 * The requested page of a list of pages of `size`: `read` fetches the window and the
 * total. Past the last page it is not found, unless `pastLast` answers otherwise (an
 * admin list whose last item was just deleted goes back a page).
 */
export async function readPage<T>(
  request: Request,
  size: number,
  read: (limit: number, offset: number) => Promise<ListSlice<T>>,
  pastLast: (lastPage: number) => never = notFound,
): Promise<{ items: T[]; total: number } & PageInfo> {
  const page = requestedPage(request);
  const { items, total } = await read(size, (page - 1) * size);
  const pages = Math.max(1, Math.ceil(total / size));
  if (page > pages) pastLast(pages);
  return { items, total, page, pages };
}
