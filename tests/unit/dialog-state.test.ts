import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { dialogHref, keepDataForDialogs } from "~/lib/dialog-state";

/** Whether the page's data is read again when the address goes from `from` to `to`. */
function readsAgain(from: string, to: string, formMethod?: "POST"): boolean {
  const args = {
    currentUrl: new URL(from, "http://site.test"),
    nextUrl: new URL(to, "http://site.test"),
    formMethod,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs;
  return keepDataForDialogs(args);
}

describe("the one rule for URL-state dialogs, public and admin", () => {
  it("keeps the page's data when only a dialog opens or closes", () => {
    expect(readsAgain("/events", "/events?book=4")).toBe(false);
    expect(readsAgain("/gallery?page=2&image=9", "/gallery?page=2")).toBe(false);
    expect(readsAgain("/admin/news?page=2", "/admin/news?page=2&edit=12")).toBe(false);
    expect(readsAgain("/admin/events?delete=3", "/admin/events")).toBe(false);
    expect(readsAgain("/admin/gallery", "/admin/gallery?new")).toBe(false);
  });

  it("reads again for another page of the list, another screen, or a form sent", () => {
    expect(readsAgain("/admin/news?page=2&edit=12", "/admin/news?page=3")).toBe(true);
    expect(readsAgain("/admin/news?edit=12", "/admin/events?edit=12")).toBe(true);
    expect(readsAgain("/admin/news?edit=12", "/admin/news?edit=12", "POST")).toBe(true);
  });

  it("opens a dialog on the page on screen, keeping its page number", () => {
    expect(dialogHref("/admin/news?page=2", "edit", "12")).toBe("/admin/news?page=2&edit=12");
    expect(dialogHref("/events", "book", "a b")).toBe("/events?book=a+b");
    expect(dialogHref("/events?page=3", "book")).toBe("/events?page=3");
  });
});
