import type { NewsItem } from "~/lib/upstream/answers.server";
import { excerpt, richTextToPlain, sanitizeRichText } from "~/lib/sanitize.server";
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

/** `news` in the upstream's order, newest first (docs/architecture.md, 'The /api (api/)'). */
export function newsFeed(news: NewsItem[], site: SiteInfo): string {
  const items = news.filter((item) => !Number.isNaN(Date.parse(item.publishedAt))).slice(0, NEWS_FEED_SIZE);
  const changes = items.map(lastChanged).filter((date): date is Date => date !== null);
  return rss2({
    title: `${site.name} news`,
    link: `${site.origin}/news`,
    description: `News from ${site.name}.`,
    language: "en-GB",
    // The newest change, not the time of the request: an unchanged feed stays the same file.
    lastBuilt: changes.length ? new Date(Math.max(...changes.map((date) => date.getTime()))) : new Date(site.now),
    self: `${site.origin}${NEWS_FEED_PATH}`,
    ttlMinutes: 60,
    items: items.map((item) => {
      const html = absoluteLinks(sanitizeRichText(item.content), site.origin);
      return {
        title: item.title,
        link: `${site.origin}${newsPagePath(item.id)}`,
        published: new Date(item.publishedAt),
        summary: excerpt(richTextToPlain(html)),
        html: withImage(html, item.imageUrl, site.origin),
      };
    }),
  });
}

/** Feed readers show the item away from our site: a link to /news/3 must name the site. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/(<a\s[^>]*?href=")\/(?!\/)/g, `$1${origin}/`);
}

/** The item's picture leads its content, as on the News page; only a web address is used. */
function withImage(html: string, imageUrl: string | null, origin: string): string {
  const src = imageUrl ? absoluteWebUrl(imageUrl, origin) : null;
  return src ? `<p><img src="${escapeXml(src)}" alt=""></p>${html}` : html;
}

function absoluteWebUrl(url: string, origin: string): string | null {
  try {
    const absolute = new URL(url, origin).href;
    return isWebUrl(absolute) ? absolute : null;
  } catch {
    return null;
  }
}
