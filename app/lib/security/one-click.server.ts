import { SUBSCRIPTION_TOKEN_PATTERN } from "../../../common/subscriptions";

const ONE_CLICK_PATH = new RegExp(`^/unsubscribe/${SUBSCRIPTION_TOKEN_PATTERN.source.slice(1, -1)}$`);
/** `List-Unsubscribe=One-Click` and a multipart wrapping of it fit well inside this. */
const MAX_BYTES = 1024;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The one cross-site write the site takes (RFC 8058): a mail provider, from its own
 * servers, POSTs exactly `List-Unsubscribe=One-Click` to the List-Unsubscribe address
 * of a message (/unsubscribe/{token}) to unsubscribe its reader at once. Anything else,
 * at that address or any other, still has to come from our own pages
 * (headers.server.ts, isCrossSiteRequest): null. The body is read only when its length
 * is declared and at most 1 KB. Answers the request to hand on: the same body, without
 * the provider's Origin, which Remix would otherwise refuse as a forged form.
 */
export async function oneClickUnsubscribe(request: Request): Promise<Request | null> {
  if (request.method !== "POST" || !ONE_CLICK_PATH.test(new URL(request.url).pathname)) return null;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.has(contentType.split(";")[0].trim().toLowerCase())) return null;
  const length = Number(request.headers.get("Content-Length") ?? "NaN");
  if (!Number.isInteger(length) || length > MAX_BYTES) return null;
  try {
    const body = await request.text();
    const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    const entries = [...form];
    const [name, value] = entries[0] ?? [];
    if (entries.length !== 1 || name !== "List-Unsubscribe" || value !== "One-Click") return null;
    const headers = new Headers(request.headers);
    headers.delete("Origin");
    headers.delete("Referer");
    return new Request(request.url, { method: "POST", headers, body, signal: request.signal });
  } catch {
    return null;
  }
}
