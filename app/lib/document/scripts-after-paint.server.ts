import { Transform } from "node:stream";

/**
 * Every page is whole without JavaScript, so on a cheap phone its text and images
 * should reach the screen before the scripts that hydrate it compete for the network
 * and the main thread. Remix's <Scripts> gives no way to say so, so the server's HTML
 * goes through this transform:
 *
 * - the block <Scripts> writes (module preloads, window.__remixContext, the module
 *   script) is put in a <template>, where the browser neither fetches nor runs it;
 * - a small script of ours (ACTIVATION) puts the block back where it was once the
 *   first paint with content is on screen, and then the browser fetches and runs it as
 *   it would have. React hydrates the document exactly as it was rendered, so nothing
 *   is rendered twice; until then the page works as it does without JavaScript, and
 *   the load event may come first (root.tsx marks the document once it is hydrated);
 * - the preloads also ask for low priority, so the scripts do not hold up an image
 *   still loading.
 *
 * The markers are found across chunk boundaries: the end of a chunk that could begin
 * one waits for the next, and the block itself is held until its end has come.
 */

const BODY = "<body";
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
/** The block's last tag is Remix's module script, which imports the routes and hydrates. */
const MODULE_SCRIPT = /\stype="module"/;
const SCRIPT_END = "</script>";
const SCRIPTS_TEMPLATE_ID = "hydration-scripts";

/**
 * Puts the block back once the browser reports the first contentful paint (a paint
 * observer hears of it only when the frame is on screen); at once in a hidden tab, or
 * where paint timing is not reported; and at the latest after a few seconds.
 */
const ACTIVATION = `(function () {
  function putBack() {
    var held = document.getElementById("${SCRIPTS_TEMPLATE_ID}");
    if (held) held.replaceWith(document.importNode(held.content, true));
  }
  var Observer = window.PerformanceObserver;
  var types = (Observer && Observer.supportedEntryTypes) || [];
  if (document.visibilityState === "hidden" || types.indexOf("paint") < 0) return putBack();
  new Observer(function (list, observer) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    setTimeout(putBack);
  }).observe({ type: "paint", buffered: true });
  addEventListener("visibilitychange", putBack, { once: true });
  setTimeout(putBack, 3000);
})();`.replace(/\n\s*/g, "");

function activation(nonce: string): string {
  return `<script nonce="${nonce}">${ACTIVATION}</script>`;
}

/** How many characters at the end of `text` could be the start of `marker`. */
function partialAtEnd(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
    if (marker.startsWith(text.slice(-length))) return length;
  }
  return 0;
}

/** Where the block's module script ends in `text` (just past its </script>), or -1. */
function endOfModuleScript(text: string): number {
  let from = 0;
  for (;;) {
    const start = text.indexOf("<script", from);
    if (start === -1) return -1;
    const tagEnd = text.indexOf(">", start);
    if (tagEnd === -1) return -1;
    const end = text.indexOf(SCRIPT_END, tagEnd);
    if (end === -1) return -1;
    const tag = text.slice(start, tagEnd + 1);
    if (MODULE_SCRIPT.test(tag)) return end + SCRIPT_END.length;
    from = end + SCRIPT_END.length;
  }
}

export function scriptsAfterFirstPaint(nonce: string): Transform {
  const decoder = new TextDecoder();
  let pending = "";
  let stage: "head" | "page" | "scripts" | "rest" = "head";

  const closeBlock = (block: string) =>
    `${block.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)}</template>${activation(nonce)}`;

  /** Passes `pending` through up to `marker` (kept in `pending`), or all of it that cannot begin one. */
  function passUntil(marker: string, final: boolean): { out: string; found: boolean } {
    const at = pending.indexOf(marker);
    const ready = at !== -1 ? at : final ? pending.length : pending.length - partialAtEnd(pending, marker);
    const out = pending.slice(0, ready);
    pending = pending.slice(ready);
    return { out, found: at !== -1 };
  }

  function take(final: boolean): string {
    let out = "";
    if (stage === "head") {
      // A module preload a route asks for in the head is not <Scripts>' block.
      const head = passUntil(BODY, final);
      out += head.out;
      if (!head.found) return out;
      stage = "page";
    }
    if (stage === "page") {
      const page = passUntil(PRELOAD, final);
      out += page.out;
      if (!page.found) return out;
      out += `<template id="${SCRIPTS_TEMPLATE_ID}">`;
      stage = "scripts";
    }
    if (stage === "scripts") {
      const end = endOfModuleScript(pending);
      if (end === -1 && !final) return out;
      const block = end === -1 ? pending : pending.slice(0, end);
      out += closeBlock(block);
      pending = pending.slice(block.length);
      stage = "rest";
    }
    out += pending;
    pending = "";
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += decoder.decode(chunk, { stream: true });
      done(null, take(false));
    },
    flush(done) {
      pending += decoder.decode();
      done(null, take(true));
    },
  });
}
