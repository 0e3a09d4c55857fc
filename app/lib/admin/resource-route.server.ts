import { redirect, type LoaderFunction } from "@remix-run/node";
import { oneLine } from "../../../common/log-line";

/**
 * The admin's resource routes answer a screen's forms and scripts (an upload, 'Blur
 * faces', a passkey's ceremony), not a person. Opened by hand (an address typed, a link
 * followed, a tab restored) one would show raw JSON or Remix's complaint that it has no
 * loader, with its internals in the log; instead the browser goes to the screen the
 * route belongs to and the log has one plain line.
 */

/** Whether a GET is a page a person asked for, not a script's fetch: a document, or HTML accepted. */
export function openedByHand(request: Request): boolean {
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination) return destination === "document";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** To the screen, with one line in the log saying so. */
export function toScreen(request: Request, screen: string): Response {
  const { pathname } = new URL(request.url);
  console.warn(oneLine(`${pathname} answers its screen's forms only; ${request.method} sent to ${screen}`));
  return redirect(screen);
}

/** The loader of a route that has only an action: every GET goes to its screen. */
export function screenLoader(
  screenOf: string | ((params: Record<string, string | undefined>) => string),
): LoaderFunction {
  return ({ request, params }) => toScreen(request, typeof screenOf === "string" ? screenOf : screenOf(params));
}
