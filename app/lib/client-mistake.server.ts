import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The errors Remix's router raises for a request that was wrong from the start: a
 * loader-data request naming another route (?_data=…), a method no route takes
 * (TRACE), a form posted to a page without an action, an address no route matches.
 * They are answered 4xx and say nothing about the server, so they are logged as one
 * short line, never with a stack: at a thousand junk requests a second, stack traces
 * would fill the disk that holds the database. The words are @remix-run/router's own.
 */
const ROUTER_CLIENT_ERRORS = [
  /^Route ".*" does not match URL ".*"$/s,
  /^Invalid request method ".*"$/s,
  /^You made a \w+ request to ".*" but did not provide an? `(?:action|loader)` for route ".*", so there is no way to handle the request\.$/s,
  /^No route matches URL ".*"$/s,
  /^Unable to encode submission body$/,
];

/** What went wrong, when `error` is a request's own fault; null for a real fault of the server. */
export function clientMistake(error: unknown): string | null {
  if (error instanceof Error)
    return ROUTER_CLIENT_ERRORS.some((pattern) => pattern.test(error.message)) ? error.message : null;
  // The router's answer itself, when it reports one rather than its cause.
  if (isRouteErrorResponse(error) && error.status < 500) {
    return `${error.status} ${error.statusText}${typeof error.data === "string" ? `: ${error.data}` : ""}`;
  }
  return null;
}
