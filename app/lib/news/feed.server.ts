import type { NewsItem } from "~/lib/upstream/answers.server";
import { excerpt, richTextToPlain, sanitizeRichText, withParagraphs } from "~/lib/sanitize.server";
import type { SiteInfo } from "../site.server";
import { rss2 } from "./rss.server";
import { escapeXml } from "../xml.server";
import { isWebUrl, NEWS_FEED_PATH, newsPagePath } from "../paths/site";

/** The news as RSS 2.0 (/news.xml). */

/** The newest items a feed reader is given; older news stays on the site. */
export const NEWS_FEED_SIZE = 20;

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

/** When an item last changed: its edit time when the upstream says, else its publication date. */
export function lastChanged(item: Pick<NewsItem, "publishedAt" | "updatedAt">): Date | null {
  const time = Date.parse(item.updatedAt ?? item.publishedAt);
  return Number.isNaN(time) ? null : new Date(time);
}

const feedItems = (news: NewsItem[]) =>
  news.filter((item) => !Number.isNaN(Date.parse(item.publishedAt))).slice(0, NEWS_FEED_SIZE);

/** The newest change among the feed's items (its lastBuildDate and Last-Modified), or null for an empty feed. */
export function newsFeedChanged(news: NewsItem[]): Date | null {
  const changes = feedItems(news)
    .map(lastChanged)
    .filter((date): date is Date => date !== null);
  return changes.length ? new Date(Math.max(...changes.map((date) => date.getTime()))) : null;
}

/** `news` in the upstream's order, newest first (docs/architecture.md, 'The /api (api/)'). */
export function newsFeed(news: NewsItem[], site: SiteInfo): string {
  const items = feedItems(news);
  return rss2({
    title: `${site.name} news`,
    link: `${site.origin}/news`,
    description: `News from ${site.name}.`,
    language: "en-GB",
    // The newest change, not the time of the request: an unchanged feed stays the same file.
    lastBuilt: newsFeedChanged(news) ?? new Date(site.now),
    self: `${site.origin}${NEWS_FEED_PATH}`,
    ttlMinutes: 60,
    items: items.map((item) => {
      // Plain text typed without the editor keeps its paragraphs, as on the page.
      const html = absoluteLinks(withParagraphs(sanitizeRichText(item.content)), site.origin);
      return {
        title: item.title,
        link: `${site.origin}${newsPagePath(item.id)}`,
        published: new Date(item.publishedAt),
        summary: excerpt(richTextToPlain(html)),
        html: withImage(html, item, site.origin),
      };
    }),
  });
}

/** Feed readers show the item away from our site: a link to /news/3 must name the site. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(<a\s[^>]*?href=")\/(?!\/)/g, `$1${origin}/`);
}

/**
 * The item's picture leads its content, as on the News page, with its description as its
 * alt text (alt="" only for a picture marked decorative); only a web address is used.
 */
function withImage(html: string, item: Pick<NewsItem, "imageUrl" | "imageAlt">, origin: string): string {
  const src = item.imageUrl ? absoluteWebUrl(item.imageUrl, origin) : null;
  return src ? `<p><img src="${escapeXml(src)}" alt="${escapeXml(item.imageAlt ?? "")}"></p>${html}` : html;
}

function absoluteWebUrl(url: string, origin: string): string | null {
  try {
    const absolute = new URL(url, origin).href;
    return isWebUrl(absolute) ? absolute : null;
  } catch {
    return null;
  }
}
