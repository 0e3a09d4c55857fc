/**
 * The one way a loader says "no such page": an unknown item, a page of a list past its
 * last, a malformed id. The route's error boundary shows the 404 screen for it.
 */
export function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}
