import type { Kysely } from "kysely";
import { processImage } from "../http/lib/images";
import { loadSharp } from "../http/lib/sharp";
import { sanitizeNewsHtml } from "../../common/sanitize-html";
import { createAlbum } from "../store/albums";
import { createEvent } from "../store/events";
import { createGalleryItem } from "../store/gallery";
import { saveImage } from "../store/images";
import { createNews } from "../store/news";
import type { Database } from "../store/schema";
import { writeTexts } from "../store/site-texts";
import { DEMO_TEXTS, demoEvents, demoNews, SCENES, type Rgb, type Scene } from "./demo-content";

const SEEDED_KEY = "demo_seeded_at";

/** A simple landscape (sky gradient, sun, two rolling hills) drawn pixel by pixel. */
async function drawScene(scene: Scene, index: number): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  const sunX = width * (0.25 + 0.15 * index);
  const sunY = height * 0.3;
  const sunR = height * 0.09;
  const mix = (a: Rgb, b: Rgb, t: number, ch: number) => Math.round(a[ch] + (b[ch] - a[ch]) * t);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const farRidge = height * (0.62 + 0.06 * Math.sin(x / 170 + index));
      const nearRidge = height * (0.75 + 0.08 * Math.sin(x / 260 + index * 2 + 1));
      let colour: Rgb;
      if (y > nearRidge) colour = scene.hill;
      else if (y > farRidge) colour = scene.hillFar;
      else if ((x - sunX) ** 2 + (y - sunY) ** 2 < sunR ** 2) colour = scene.sun;
      else {
        const t = y / farRidge;
        colour = [
          mix(scene.skyTop, scene.skyBottom, t, 0),
          mix(scene.skyTop, scene.skyBottom, t, 1),
          mix(scene.skyTop, scene.skyBottom, t, 2),
        ];
      }
      const i = (y * width + x) * 3;
      pixels[i] = colour[0];
      pixels[i + 1] = colour[1];
      pixels[i + 2] = colour[2];
    }
  }
  const sharp = await loadSharp();
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return scene.format === "jpeg" ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  if (await db.selectFrom("meta").select("key").where("key", "=", SEEDED_KEY).executeTakeFirst()) return false;
  for (const table of ["news", "events", "gallery", "site_texts"] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return false;
  }
  return true;
}

/**
 * Fills an empty database with a small demo set. Runs once: after seeding (or when anything
 * already exists) it does nothing, so content an administrator deletes does not come back.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>, now: Date): Promise<boolean> {
  if (!(await isEmpty(db))) return false;

  const imageUrls: string[] = [];
  for (const [index, scene] of SCENES.entries()) {
    const id = await saveImage(db, await processImage(await drawScene(scene, index)), now);
    imageUrls.push(`/objects/images/${id}`);
  }

  const events = [];
  for (const event of demoEvents(now, imageUrls)) events.push(await createEvent(db, event, now));
  // The first event's photo is in an album of its own, so a new site shows albums too.
  const album = await createAlbum(
    db,
    {
      title: events[0].name,
      date: events[0].date.slice(0, 10),
      eventId: events[0].id,
      coverImageId: null,
      visibility: "public",
    },
    now,
  );

  // Oldest first, so the newest gallery item is the first scene.
  for (let i = SCENES.length - 1; i >= 0; i--) {
    await createGalleryItem(
      db,
      {
        imageUrl: imageUrls[i],
        caption: SCENES[i].caption,
        albumId: i === 0 ? album.id : null,
      },
      new Date(now.getTime() - (i + 1) * 60_000),
    );
  }

  for (const item of demoNews(now, imageUrls)) {
    await createNews(db, { ...item, content: sanitizeNewsHtml(item.content) }, now);
  }
  await writeTexts(db, "whoWeAre", DEMO_TEXTS.whoWeAre, now);
  await writeTexts(db, "whatWeDo", DEMO_TEXTS.whatWeDo, now);

  await db.insertInto("meta").values({ key: SEEDED_KEY, value: now.toISOString() }).execute();
  return true;
}
