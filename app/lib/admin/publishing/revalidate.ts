import type { ShouldRevalidateFunction } from "@remix-run/react";
import { keepDataForDialogs } from "../../dialog-state";

/**
 * Manage News and Manage Events: as every list, but another state filter (?status=) is other
 * data, and opening an edit dialog reads its item again, so its form carries the version it
 * was opened at (publishing, no edit lost).
 */
export const revalidatePublishingList: ShouldRevalidateFunction = (args) => {
  const { currentUrl, nextUrl, formMethod } = args;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    if (currentUrl.searchParams.get("status") !== nextUrl.searchParams.get("status")) return true;
    const edit = nextUrl.searchParams.get("edit");
    if (edit && edit !== currentUrl.searchParams.get("edit")) return true;
  }
  return keepDataForDialogs(args);
};
