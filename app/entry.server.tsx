import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { describeFault, oneLine } from "../common/log-line";
import { clientMistake } from "./lib/client-mistake.server";
import { env } from "./lib/config.server";
import { EARLY_SCRIPT } from "./lib/document/early-script.server";
import { InlineHeadContext } from "./lib/document/inline-head";
import { scriptsAfterFirstPaint } from "./lib/document/scripts-after-paint.server";
import { NonceContext } from "./lib/document/nonce";
import { withoutNulBytes } from "./lib/document/without-nul-bytes.server";
import { siteStyles } from "./lib/document/site-styles.server";
import { createNonce, PRIVATE_NO_STORE, securityHeaders } from "./lib/security/headers.server";
import { isPrivateRequest } from "../common/private-request";

const ABORT_DELAY = 5_000;

/**
 * Remix's report of an error while answering: a request that was wrong from the start
 * is one short line (see client-mistake.server.ts); a real fault keeps its stack. Every
 * value from the request is escaped (common/log-line.ts).
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  const mistake = clientMistake(error);
  if (mistake !== null) {
    const { pathname, search } = new URL(request.url);
    console.warn(oneLine(`Refused ${request.method} ${pathname}${search}: ${mistake}`));
    return;
  }
  console.error(describeFault(error));
}

/** An admin screen's data (?_data=) holds what its page does: no cache keeps it, under remix-serve too; nor a gallery page's read with the passphrase's cookie. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (isPrivateRequest(request)) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // server.ts makes the nonce and sets the headers; alone under remix-serve we do both.
  let nonce = loadContext.cspNonce;
  if (!nonce) {
    nonce = createNonce();
    for (const [name, value] of Object.entries(
      securityHeaders(nonce, env().NODE_ENV === "production", new URL(request.url).pathname),
    )) {
      responseHeaders.set(name, value);
    }
  }
  // Also under server.ts, which sets it again: then its page cache sees it and keeps nothing.
  if (isPrivateRequest(request)) responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  // Bots get the whole document at once; browsers start on the shell.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineHeadContext.Provider value={{ css: siteStyles(), script: EARLY_SCRIPT }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </InlineHeadContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = scriptsAfterFirstPaint(nonce);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          const page = withoutNulBytes();
          page.pipe(body);
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix logs them itself.
          if (shellRendered) console.error(describeFault(error));
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
