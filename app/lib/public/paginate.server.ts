import { json } from "@remix-run/node";
import type { PageInfo } from "./pagination";

/**
 * The items of the page the request asks for (?page=N). A page that does not exist
 * (not a whole number, 0, past the last) is not found, like any other unknown address.
 */
export function paginate<T>(request: Request, items: T[], size: number): { items: T[] } & PageInfo {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? 1 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (!(page >= 1 && page <= pages)) throw json({ message: "Not found" }, { status: 404 });
  return { items: items.slice((page - 1) * size, page * size), page, pages };
}
