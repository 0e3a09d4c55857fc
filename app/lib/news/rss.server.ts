import { escapeXml } from "../xml.server";

/**
 * RSS 2.0 written as plain XML, every text escaped as character data. (The `feed`
 * library put each text in a CDATA section and escaped only the first `]]>` in it, so a
 * news title could close its section and write elements of its own into the feed.)
 */

export interface RssItem {
  title: string;
  link: string;
  published: Date;
  /** Plain text. */
  summary: string;
  /** The article as HTML, carried as text in content:encoded. */
  html: string;
}

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  language: string;
  lastBuilt: Date;
  /** The feed's own address (atom:link rel=self). */
  self: string;
  ttlMinutes: number;
  items: RssItem[];
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

function item({ title, link, published, summary, html }: RssItem): string {
  return [
    "<item>",
    element("title", title),
    element("link", link),
    // The link is the item's permanent address, so it is its id too.
    `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
    element("pubDate", published.toUTCString()),
    element("description", summary),
    element("content:encoded", html),
    "</item>",
  ].join("");
}

export function rss2(channel: RssChannel): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    element("language", channel.language),
    element("lastBuildDate", channel.lastBuilt.toUTCString()),
    element("ttl", String(channel.ttlMinutes)),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...channel.items.map(item),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
