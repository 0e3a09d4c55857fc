/**
 * Text an upstream sent, made safe to put in an XML document: characters XML 1.0 does
 * not allow at all (most control characters, lone surrogates) are dropped, since one of
 * them makes a feed reader or a crawler reject the whole file.
 */
export function xmlSafe(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // A parser turns a raw CR (and CR LF) into LF; written as a reference it comes back as it was.
  "\r": "&#13;",
};

/** Escapes text for an XML element or attribute value: a parser reads back exactly the text (less what xmlSafe drops). */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"'\r]/g, (char) => ENTITIES[char]);
}
