import type { AppLoadContext } from "@remix-run/node";
import { expect } from "vitest";

/**
 * How the tests of bounded reads watch a loader: the /api calls it makes written down,
 * and an upstream that ignores the parameters.
 */
/** The context, with every /api address the loader asks for written down. */
export function recording(context: AppLoadContext): { context: AppLoadContext; asked: URL[] } {
  const asked: URL[] = [];
  const inner = context.apiFetch!;
  return {
    asked,
    context: {
      ...context,
      apiFetch: (request) => {
        asked.push(new URL(request.url));
        return inner(request);
      },
    },
  };
}

/**
 * An upstream that speaks docs/product.md, 'The calls it makes' alone: it ignores every query parameter (so it sends
 * whole lists), sends no X-Total-Count, and has no item calls.
 */
export function specOnly(context: AppLoadContext): AppLoadContext {
  const inner = context.apiFetch!;
  return {
    ...context,
    apiFetch: async (request) => {
      const url = new URL(request.url);
      if (/^\/api\/(news|events|gallery)\/[^/]+$/.test(url.pathname)) {
        return Response.json({ message: "Not found" }, { status: 404 });
      }
      url.search = "";
      const answer = await inner(new Request(url, { headers: request.headers }));
      const headers = new Headers(answer.headers);
      headers.delete("X-Total-Count");
      return new Response(answer.body, { status: answer.status, headers });
    },
  };
}

/** Our /api, and one that speaks docs/product.md, 'The calls it makes' alone: each page must show the same on both. */
export const UPSTREAMS = [
  ["our /api", (context: AppLoadContext) => context],
  ["an upstream that ignores the parameters", specOnly],
] as const;

export const listCalls = (asked: URL[]) =>
  asked.filter((url) => /^\/api\/(admin\/)?(news|events|gallery)$/.test(url.pathname));

/** Each list call names a limit of at most `max`. */
export function expectBounded(asked: URL[], max: number) {
  const calls = listCalls(asked);
  expect(calls.length).toBeGreaterThan(0);
  for (const url of calls) {
    const limit = url.searchParams.get("limit");
    expect(limit, url.href).not.toBeNull();
    expect(Number(limit), url.href).toBeLessThanOrEqual(max);
  }
}

export interface Paged {
  paging: { page: number; pages: number };
}
export type NewsPage = Paged & { news: Array<{ title: string }> };
export type EventsPage = Paged & { events: Array<{ name: string; past: boolean }> };
export type GalleryPage = Paged & {
  images: Array<{ id: string; caption: string }>;
  first: number;
  total: number;
  beyondPage: { before: string | null; after: string | null };
};
