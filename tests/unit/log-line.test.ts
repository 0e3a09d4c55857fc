import { afterEach, describe, expect, it, vi } from "vitest";
import { describeFault, oneLine } from "../../common/log-line";
import { handleError } from "~/entry.server";

describe("what the server writes to its log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes outside text one line, every control character escaped", () => {
    expect(oneLine("a\r\nb\tc\u0000d\u001be\u007ff\u2028g é 😀")).toBe(
      "a\\r\\nb\\tc\\u0000d\\u001be\\u007ff\\u2028g é 😀",
    );
  });

  it("keeps a real fault's stack, with its message on one line", () => {
    const fault = new Error("broke on\nServing on http://localhost:1");
    const text = describeFault(fault);
    expect(text.split("\n")[0]).toBe("Error: broke on\\nServing on http://localhost:1");
    expect(text).toMatch(/\n\s+at /);
  });

  it("logs a real fault with its stack, and a request's own mistake as one line", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const request = new Request("http://localhost/news?_data=x");
    handleError(new Error("database on fire"), { request });
    expect(String(errors.mock.calls[0][0])).toMatch(/^Error: database on fire\n\s+at /);
    handleError(new Error('Route "x" does not match URL "/news"'), { request });
    expect(warnings.mock.calls[0][0]).toBe('Refused GET /news?_data=x: Route "x" does not match URL "/news"');
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
