import { redirect } from "@remix-run/node";
import { pageNumberOf } from "../../paging/page-number";
import { listHref, stateFilterOf } from "../publishing/states";
import { readPage } from "../../paging/read-page.server";
import { ITEM_ID } from "../../item-id";
import type { ListSlice } from "../../upstream/lists.server";

/** Items per page of the admin lists: enough to scan, few enough to load at once on a phone. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * One page of an admin list (?page=N), and the item its edit or delete dialog names
 * (?edit=ID, ?delete=ID) when that item is not on the page (a link from elsewhere).
 * Past the last page, it goes back to the last one.
 */
export async function adminListPage<T extends { id: string }>(
  request: Request,
  listPath: string,
  read: (limit: number, offset: number) => Promise<ListSlice<T>>,
  readOne: (id: string) => Promise<T | null>,
) {
  const params = new URL(request.url).searchParams;
  const { items, total, page, pages } = await readPage(request, ADMIN_PAGE_SIZE, read, (last) => {
    throw redirect(listHref(listPath, stateFilterOf(params.get("status")), last));
  });
  // An edit dialog's item is read alone, as it stands now: its form carries the version it was opened at.
  const edit = params.get("edit");
  const id = edit ?? params.get("delete");
  const listed = id ? items.find((item) => item.id === id) : undefined;
  const chosen = id && ITEM_ID.test(id) ? ((edit || !listed ? await readOne(id) : listed) ?? null) : null;
  return { items, total, chosen, paging: { page, pages } };
}

/** Where a save on a list page returns to: the same page of the list (and its state filter), its dialog closed. */
export function listPageOf(request: Request, listPath: string): string {
  const params = new URL(request.url).searchParams;
  return listHref(listPath, stateFilterOf(params.get("status")), pageNumberOf(params.get("page")));
}
