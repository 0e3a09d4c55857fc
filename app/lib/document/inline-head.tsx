import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * What the server writes into the page's head as text, instead of linking to it:
 * - `css`, the site's own stylesheets (site-styles.server.ts): a phone on a slow
 *   network paints the page without first waiting for two more round trips;
 * - `script`, the one script that runs before the first paint (early-script.server.ts).
 * Both come from entry.server.tsx, so neither is in the browser's bundle: there the
 * context is empty and React leaves the server's elements as they are.
 */
export interface InlineHead {
  css: string;
  script: string;
}

export const InlineHeadContext = createContext<InlineHead>({ css: "", script: "" });

export function InlineStyles() {
  const { css } = useContext(InlineHeadContext);
  const nonce = useNonce();
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}

export function EarlyScript() {
  const { script } = useContext(InlineHeadContext);
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
