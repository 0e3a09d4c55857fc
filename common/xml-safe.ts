/**
 * Text made safe to put in an XML document or an iCalendar file: characters XML 1.0
 * does not allow at all (most control characters, lone surrogates) are dropped, since
 * one of them makes a feed reader, a crawler or a strict calendar app reject the whole file.
 */
export function xmlSafe(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");
}
