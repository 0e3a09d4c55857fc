/**
 * What the server writes to its log. A value from outside (a request's address, an
 * upstream's words) is made one line with every control character escaped, so a
 * visitor cannot write a line of their own choosing into the log (a fake "Created the
 * administrator … password" line, say) or split one in two.
 */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, (char) => {
    const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    return named[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** A fault for the log: its name and message on one line (escaped as above), then where it happened. */
export function describeFault(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const head = `${error.name}: ${error.message}`;
  const stack = error.stack ?? "";
  const frames = stack.startsWith(head) ? stack.slice(head.length) : stack.replace(/^[\s\S]*?(?=\n\s+at )/, "");
  return `${oneLine(head)}${frames}`;
}
