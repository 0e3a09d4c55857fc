import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * The site's own stylesheets, written into the page's head by the server instead of
 * linked: a phone on a slow network paints the page without first waiting for two
 * more round trips. The text comes from entry.server.tsx (site-styles.server.ts); in
 * the browser the context is empty and React leaves the server's <style> as it is.
 */
export const InlineStylesContext = createContext("");

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  const nonce = useNonce();
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
