import { describe, expect, it } from "vitest";
import { FONT_FAMILIES } from "../../common/rich-text-policy";
import { safeHref, sanitizeNewsHtml } from "../../common/sanitize-html";
import { json, sharedApi, type TestApi } from "./helpers";

describe("sanitizeNewsHtml", () => {
  it("keeps the editor tags", () => {
    const html =
      "<h1>Title</h1><h2>Sub</h2><p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br></p><ol><li>one</li></ol><ul><li>two</li></ul>";
    expect(sanitizeNewsHtml(html)).toBe(html);
  });

  it("removes scripts, event handlers and unknown tags but keeps their text", () => {
    const out = sanitizeNewsHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe><mark>kept text</mark></p>',
    );
    expect(out).toBe("<p>Hikept text</p>");
  });

  it.each([
    ["javascript:alert(1)", "about:blank"],
    ["JaVaScRiPt:alert(1)", "about:blank"],
    ["java\tscript:alert(1)", "about:blank"],
    ["  javascript:alert(1)", "about:blank"],
    ["data:text/html;base64,PHNjcmlwdD4=", "about:blank"],
    ["vbscript:msgbox(1)", "about:blank"],
    ["ftp://example.org/file", "about:blank"],
    ["https://example.org/a?b=1", "https://example.org/a?b=1"],
    ["http://example.org", "http://example.org"],
    ["mailto:dads@example.org", "mailto:dads@example.org"],
    ["tel:+441234567890", "tel:+441234567890"],
    ["/events#event-3", "/events#event-3"],
  ])("link %s becomes %s", (href, expected) => {
    expect(safeHref(href)).toBe(expected);
    const out = sanitizeNewsHtml(`<p><a href="${href.replace(/"/g, "&quot;")}">link</a></p>`);
    const match = /href="([^"]*)"/.exec(out);
    expect(match?.[1].replace(/&amp;/g, "&")).toBe(expected);
  });

  it("encoded javascript: links are caught too", () => {
    expect(sanitizeNewsHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a href="about:blank">x</a>');
  });

  it("forces safe rel on links that open a new tab", () => {
    expect(sanitizeNewsHtml('<a href="https://example.org" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it("keeps a span font-family only for the three allowed families", () => {
    for (const family of FONT_FAMILIES) {
      expect(sanitizeNewsHtml(`<p><span style="font-family: '${family}';">x</span></p>`)).toBe(
        `<p><span style="font-family: ${family}">x</span></p>`,
      );
    }
    expect(sanitizeNewsHtml('<p><span style="font-family: Comic Sans MS">x</span></p>')).toBe("<p><span>x</span></p>");
    expect(sanitizeNewsHtml('<p><span style="font-family: serif; background: url(javascript:x)">x</span></p>')).toBe(
      "<p><span>x</span></p>",
    );
    expect(sanitizeNewsHtml('<p style="font-family: serif">x</p>')).toBe("<p>x</p>");
  });
});

describe("news content is sanitised on write", () => {
  let t: TestApi;
  let token: string;
  sharedApi((api, adminToken) => ([t, token] = [api, adminToken]));

  it("a stored script, onerror or javascript: link never comes back out", async () => {
    const content =
      '<h2>Fun day</h2><p>Come <strong>along</strong>!<script>document.cookie</script></p><img src="x" onerror="alert(1)"><p><a href="javascript:alert(1)">click</a> <a href="https://example.org/book">book</a></p>';
    const created = await t.request("/api/admin/news", {
      method: "POST",
      token,
      json: { title: "Fun", content, publishedAt: "2026-01-01" },
    });
    expect(created.status).toBe(201);
    const expected =
      '<h2>Fun day</h2><p>Come <strong>along</strong>!</p><p><a href="about:blank">click</a> <a href="https://example.org/book">book</a></p>';
    const item = await json<{ id: number; content: string }>(created);
    expect(item.content).toBe(expected);

    const listed = await json<Array<{ content: string }>>(await t.request("/api/news"));
    expect(listed[0].content).toBe(expected);
    for (const bad of ["<script", "onerror", "javascript:", "<img"]) expect(listed[0].content).not.toContain(bad);

    const updated = await t.request(`/api/admin/news/${item.id}`, {
      method: "PUT",
      token,
      json: {
        title: "Fun",
        content: '<p><a href="javascript:void(0)" onmouseover="x()">hover</a></p>',
        publishedAt: "2026-01-01",
      },
    });
    expect((await json<{ content: string }>(updated)).content).toBe('<p><a href="about:blank">hover</a></p>');
  });
});
