import type { Context } from "hono";
import type { IncomingMessage } from "node:http";

/**
 * What the API may receive as `c.env`: @hono/node-server passes `{ incoming, outgoing }`;
 * an in-process caller (the Remix server) may pass the visitor's address it has already
 * resolved as `clientAddress`, so failed logins are not all counted against one 'local'.
 */
export interface NodeBindings {
  incoming?: IncomingMessage;
  clientAddress?: string;
}

/**
 * The address failed logins are counted against, in order of preference:
 * 1. `env.clientAddress` from an in-process caller (no HTTP client can set it);
 * 2. with trustProxy, the right-most X-Forwarded-For entry: the one our own reverse proxy
 *    appended, which a client cannot forge;
 * 3. the socket address; 4. 'local' (called in-process without an address).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const env = c.env as NodeBindings | undefined;
  if (typeof env?.clientAddress === "string" && env.clientAddress) return env.clientAddress.slice(0, 100);
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    if (forwarded) {
      const parts = forwarded
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const last = parts[parts.length - 1];
      if (last) return last.slice(0, 100);
    }
  }
  return env?.incoming?.socket?.remoteAddress ?? "local";
}
