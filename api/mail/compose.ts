import type { MailSettings } from "./settings";

/**
 * The words of one e-mail (docs/product.md, 'E-mail'), written as both a plain-text and a
 * simple HTML part: the club's name at the top, absolute links to the site, and for a
 * subscriber the link to change or stop what they get. No remote images, trackers or pixels.
 */
export interface MailContent {
  subject: string;
  /** Paragraphs before anything else. */
  intro: string[];
  /** The one thing to do (confirm, open the item), shown as a link. */
  action?: { text: string; href: string };
  /** Lists of linked items: the digest's news and events. */
  sections?: { heading: string; items: { title: string; href: string; lines: string[] }[] }[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A subject is one line: a title typed with line breaks loses them. */
export function oneLine(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The link in every message to a subscriber. */
export const UNSUBSCRIBE_LINK_TEXT = "Unsubscribe or change what you get";

export function renderMail(settings: MailSettings, content: MailContent, unsubscribeUrl: string | null): RenderedMail {
  const subject = oneLine(content.subject);
  const text: string[] = [settings.siteName, "", ...content.intro.flatMap((p) => [p, ""])];
  const html: string[] = [
    `<p style="font-weight:bold;font-size:18px">${escapeHtml(settings.siteName)}</p>`,
    ...content.intro.map((p) => `<p>${escapeHtml(p)}</p>`),
  ];
  if (content.action) {
    text.push(`${content.action.text}: ${content.action.href}`, "");
    html.push(`<p><a href="${escapeHtml(content.action.href)}">${escapeHtml(content.action.text)}</a></p>`);
  }
  for (const section of content.sections ?? []) {
    text.push(section.heading, "-".repeat(section.heading.length), "");
    html.push(`<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>`, "<ul>");
    for (const item of section.items) {
      text.push(oneLine(item.title), ...item.lines, item.href, "");
      const lines = item.lines.map((line) => `<br>${escapeHtml(line)}`).join("");
      html.push(`<li><a href="${escapeHtml(item.href)}">${escapeHtml(oneLine(item.title))}</a>${lines}</li>`);
    }
    html.push("</ul>");
  }
  text.push("--", settings.siteName, settings.siteUrl);
  const footer = [`<a href="${escapeHtml(settings.siteUrl)}">${escapeHtml(settings.siteName)}</a>`];
  if (unsubscribeUrl) {
    text.push(`${UNSUBSCRIBE_LINK_TEXT}: ${unsubscribeUrl}`);
    footer.push(`<a href="${escapeHtml(unsubscribeUrl)}">${UNSUBSCRIBE_LINK_TEXT}</a>`);
  }
  html.push(`<hr><p style="font-size:13px">${footer.join(" · ")}</p>`);
  return {
    subject,
    text: text.join("\n"),
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;max-width:600px">${html.join("\n")}</body></html>`,
  };
}
