import { describe, expect, it } from "vitest";
import { publicMeta } from "~/lib/public/meta.server";
import { absoluteImageUrl } from "~/lib/public/image-url.server";
import { orderForDisplay, nextEvent } from "~/lib/event-order";
import { isWebUrl } from "~/lib/paths/site";

const site = { name: "Oakfield Primary Dads' Club", origin: "https://dads.example" };

describe("publicMeta", () => {
  it("gives a page its title, description and Open Graph tags", () => {
    const tags = publicMeta(site, {
      title: "Latest News",
      description: "News from the club",
      path: "/news",
      image: "/objects/images/abc",
    });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "Latest News | Oakfield Primary Dads' Club" },
        { name: "description", content: "News from the club" },
        { property: "og:title", content: "Latest News" },
        { property: "og:description", content: "News from the club" },
        { property: "og:site_name", content: "Oakfield Primary Dads' Club" },
        { property: "og:url", content: "https://dads.example/news" },
        { property: "og:image", content: "https://dads.example/objects/images/abc?w=960" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
  });

  it("titles the home page with the club's name alone and leaves out unusable images", () => {
    const tags = publicMeta(site, { description: "Welcome", path: "/", image: "javascript:alert(1)" });
    expect(tags).toContainEqual({ title: "Oakfield Primary Dads' Club" });
    expect(tags.some((tag) => "property" in tag && tag.property === "og:image")).toBe(false);
  });

  it("keeps an administrator's https image as it is", () => {
    expect(absoluteImageUrl("https://cdn.example/pic.jpg", site.origin)).toBe("https://cdn.example/pic.jpg");
  });
});

describe("event order", () => {
  const now = "2025-06-01T12:00:00.000Z";
  const events = [
    { name: "long ago", date: "2025-01-01T10:00:00.000Z" },
    { name: "last week", date: "2025-05-25T10:00:00.000Z" },
    { name: "next month", date: "2025-07-01T10:00:00.000Z" },
    { name: "tomorrow", date: "2025-06-02T10:00:00.000Z" },
  ];

  it("puts upcoming events first, soonest first, then past ones, most recent first", () => {
    expect(orderForDisplay(events, now).map((event) => event.name)).toEqual([
      "tomorrow",
      "next month",
      "last week",
      "long ago",
    ]);
  });

  it("takes the next event as the first upcoming one in the server's order", () => {
    expect(nextEvent(events, now)?.name).toBe("next month");
    expect(nextEvent(events.slice(0, 2), now)).toBeUndefined();
  });
});

describe("isWebUrl", () => {
  it("accepts only http(s) addresses for the booking frame", () => {
    expect(isWebUrl("https://example.org/book")).toBe(true);
    expect(isWebUrl("javascript:alert(1)")).toBe(false);
    expect(isWebUrl("data:text/html,hi")).toBe(false);
    expect(isWebUrl("not a url")).toBe(false);
  });
});
