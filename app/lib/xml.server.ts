import { xmlSafe } from "../../common/xml-safe";

export { xmlSafe };

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
