import sharp from "sharp";
import type { AdminApi } from "./admin-client";

/**
 * Fills an empty database through the /api, as an administrator's screens would: every
 * item is validated, sanitised and stored by the server under test, on whichever store
 * it runs, a few requests at a time.
 */

export interface Scale {
  news: number;
  events: number;
  images: number;
}

/** The figures: docs/architecture.md, 'Budgets' holds every page to them. */
export const FULL_SCALE: Scale = { news: 10_000, events: 5_000, images: 2_000 };

/** Enough to keep both cores busy without queueing so much that single requests time out. */
const CONCURRENCY = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

export interface Filled {
  newsIds: number[];
  eventIds: number[];
  albumIds: number[];
  seconds: Record<keyof Scale, number>;
}

/**
 * How the images are spread over albums (docs/product.md, 'Photos'): a tenth of them (200 at the
 * issue's scale, four pages of 60) in one big album, 40 in each of the next albums up to
 * three-quarters of them, the rest in no album as before albums existed. The big album is
 * first in `albumIds`; one album in ten is for parents only.
 */
function albumPlan(images: number): Array<{ album: number | null }> {
  const big = Math.floor(images / 10);
  return Array.from({ length: images }, (_, i) => {
    if (i < big) return { album: 0 };
    if (i < Math.floor((images * 3) / 4)) return { album: 1 + Math.floor((i - big) / 40) };
    return { album: null };
  });
}

/** Runs task(0…count-1), `concurrency` at a time, and returns their results in order. */
async function inPool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/**
 * Where item i goes in a spread of `count` slots: a stride through them, so the order
 * items are written in is not their date order (lists must sort, not trust ids).
 */
const slot = (i: number, count: number) => (i * 7919) % count;

const TOPICS = ["football", "baking", "the museum", "a bike ride", "the woods", "chess", "the pool", "a picnic"];

/** About 900 characters of the HTML the editor produces: paragraphs, marks, a list, a link. */
function newsHtml(i: number): string {
  const topic = TOPICS[i % TOPICS.length];
  return [
    `<h2>Report ${i + 1}: ${topic}</h2>`,
    `<p>Twenty-three dads and <strong>forty-one children</strong> came along for ${topic} this time. `,
    `The weather held, the flasks were full and nobody got lost, which is a first for us.</p>`,
    `<p>Thanks to everyone who helped set up and clear away. <em>Special thanks</em> to the `,
    `volunteers who ran the sign-in desk and looked after the first-aid kit all morning.</p>`,
    `<ul><li>Bring water and a snack</li><li>Wear shoes you can get muddy</li><li>Arrive ten minutes early</li></ul>`,
    `<p>Photos are in the gallery, and the next outing is already on the events page. `,
    `Questions? Read <a href="https://example.org/club/faq-${i}">the club's answers</a> or ask at the gate.</p>`,
    `<p>Next time we need a few more drivers: if you can help, say so on the sign-up sheet.</p>`,
    `<p>Item ${i + 1} of the archive, kept so new families can see what we have been up to.</p>`,
  ].join("");
}

async function fillNews(api: AdminApi, count: number, now: number): Promise<number[]> {
  // Ten years back, newest first in date but not in the order written.
  const step = (10 * YEAR_MS) / count;
  return inPool(count, CONCURRENCY, async (i) => {
    const publishedAt = new Date(now - slot(i, count) * step).toISOString();
    const item = await api.send<{ id: number }>("POST", "/api/admin/news", {
      title: `News ${i + 1}: ${TOPICS[i % TOPICS.length]} with the club`,
      content: newsHtml(i),
      publishedAt,
    });
    return item.id;
  });
}

async function fillEvents(api: AdminApi, count: number, now: number): Promise<number[]> {
  // Five years back to five years ahead: about half the events are past.
  const step = (10 * YEAR_MS) / count;
  return inPool(count, CONCURRENCY, async (i) => {
    const date = new Date(now - 5 * YEAR_MS + slot(i, count) * step).toISOString();
    const item = await api.send<{ id: number }>("POST", "/api/admin/events", {
      name: `Event ${i + 1}: ${TOPICS[i % TOPICS.length]}`,
      date,
      comment: `A morning of ${TOPICS[i % TOPICS.length]} for dads and children. Bring a drink and a coat.`,
      bookingUrl: "https://example.org/book",
      location: i % 3 === 0 ? `Oakfield ${i % 40}` : null,
      organiser: i % 4 === 0 ? `Organiser ${i % 25}` : null,
    });
    return item.id;
  });
}

/**
 * A weekly series of 100 dates (docs/product.md, 'Repeating events'), started 30 weeks ago so that all
 * 100 fall inside the 18 months made ahead: the lists, pages and calendar feed are measured
 * with it among the events.
 */
async function fillSeries(api: AdminApi, now: number): Promise<number> {
  const first = await api.send<{ id: number }>("POST", "/api/admin/events", {
    name: "Saturday football",
    date: new Date(now - 30 * 7 * DAY_MS).toISOString(),
    comment: "Football on the school field every Saturday. Bring boots and a drink.",
    bookingUrl: "https://example.org/book",
    repeat: { every: "week", count: 100, termTimeOnly: false },
  });
  return first.id;
}

/** A small JPEG of its own colour, so every upload is a distinct image. */
function smallImage(i: number): Promise<Buffer> {
  const background = { r: i % 256, g: Math.floor(i / 256) % 256, b: (i * 37) % 256 };
  return sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function fillAlbums(api: AdminApi, count: number, eventIds: number[]): Promise<number[]> {
  return inPool(count, CONCURRENCY, async (i) => {
    const album = await api.send<{ id: number }>("POST", "/api/admin/albums", {
      title: `Album ${i + 1}: ${TOPICS[i % TOPICS.length]}`,
      date: new Date(Date.UTC(2026, 0, 1) - i * 7 * DAY_MS).toISOString().slice(0, 10),
      eventId: eventIds[i % Math.max(1, eventIds.length)] ?? null,
      visibility: i % 10 === 9 ? "parents" : "public",
    });
    return album.id;
  });
}

async function fillGallery(api: AdminApi, count: number, eventIds: number[]): Promise<number[]> {
  const plan = albumPlan(count);
  const albums = new Set(plan.flatMap(({ album }) => (album === null ? [] : [album])));
  const albumIds = await fillAlbums(api, albums.size, eventIds);
  await inPool(count, CONCURRENCY, async (i) => {
    const imageUrl = await api.upload(await smallImage(i), "image/jpeg", `photo-${i + 1}.jpg`);
    const album = plan[i].album;
    await api.send("POST", "/api/admin/gallery", {
      imageUrl,
      caption: `Photo ${i + 1} from the club's outings`,
      altText: `Children and dads at outing ${i + 1}`,
      albumId: album === null ? null : albumIds[album],
      consent: true,
    });
  });
  return albumIds;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
}

export async function fillThroughApi(api: AdminApi, scale: Scale): Promise<Filled> {
  const now = Date.now();
  const [newsIds, news] = await timed(() => fillNews(api, scale.news, now));
  const [eventIds, events] = await timed(async () => [
    ...(await fillEvents(api, scale.events, now)),
    await fillSeries(api, now),
  ]);
  const [albumIds, images] = await timed(() => fillGallery(api, scale.images, eventIds));
  return { newsIds, eventIds, albumIds, seconds: { news, events, images } };
}
