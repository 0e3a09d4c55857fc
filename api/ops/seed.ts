import type { Kysely } from "kysely";
import { processImage } from "../http/lib/images";
import { loadSharp } from "../http/lib/sharp";
import { sanitizeNewsHtml } from "../../common/sanitize-html";
import { createEvent } from "../store/events";
import { createGalleryItem } from "../store/gallery";
import { saveImage } from "../store/images";
import { createNews } from "../store/news";
import type { Database } from "../store/schema";
import { writeTexts } from "../store/site-texts";

const SEEDED_KEY = "demo_seeded_at";
const DAY_MS = 24 * 60 * 60 * 1000;

type Rgb = readonly [number, number, number];

interface Scene {
  caption: string;
  format: "jpeg" | "png";
  skyTop: Rgb;
  skyBottom: Rgb;
  sun: Rgb;
  hill: Rgb;
  hillFar: Rgb;
}

const SCENES: Scene[] = [
  {
    caption: "Den building in Oakfield Woods — the tallest den yet!",
    format: "jpeg",
    skyTop: [86, 152, 214],
    skyBottom: [196, 226, 245],
    sun: [255, 221, 87],
    hill: [62, 128, 64],
    hillFar: [120, 170, 100],
  },
  {
    caption: "Sunset at the summer camp-out on the school field",
    format: "jpeg",
    skyTop: [70, 52, 120],
    skyBottom: [244, 150, 96],
    sun: [255, 200, 120],
    hill: [48, 60, 52],
    hillFar: [96, 84, 96],
  },
  {
    caption: "Five-a-side on a crisp autumn morning",
    format: "png",
    skyTop: [120, 170, 220],
    skyBottom: [230, 236, 240],
    sun: [255, 240, 200],
    hill: [168, 120, 52],
    hillFar: [196, 160, 90],
  },
  {
    caption: "Stargazing night: spotting Jupiter with the telescope club",
    format: "png",
    skyTop: [10, 16, 48],
    skyBottom: [40, 60, 110],
    sun: [236, 236, 220],
    hill: [20, 30, 28],
    hillFar: [36, 48, 60],
  },
];

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

/** A day relative to now, at a fixed time of day (UTC). */
function dayAt(now: Date, days: number, hour: number, minute = 0): string {
  const d = new Date(now.getTime() + days * DAY_MS);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
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

  // Oldest first, so the newest gallery item is the first scene.
  for (let i = SCENES.length - 1; i >= 0; i--) {
    await createGalleryItem(
      db,
      { imageUrl: imageUrls[i], caption: SCENES[i].caption },
      new Date(now.getTime() - (i + 1) * 60_000),
    );
  }

  await createEvent(
    db,
    {
      name: "Autumn Den-Building Day",
      date: dayAt(now, -45, 9, 30),
      comment:
        "Bring your wellies and your best engineering ideas! We will head into Oakfield Woods to build dens from fallen branches.\nHot chocolate provided.",
      organiser: "Tom Richards",
      location: "Oakfield Woods car park",
      imageUrl: imageUrls[0],
      bookingUrl: "https://example.org/book/den-building-day",
    },
    now,
  );
  await createEvent(
    db,
    {
      name: "Dads' and Kids' Five-a-Side",
      date: dayAt(now, -12, 10),
      comment:
        "A friendly kickabout for all abilities. Teams are mixed, and the orange slices at half time are compulsory.",
      organiser: "Sam Okafor",
      location: "School playing field",
      imageUrl: imageUrls[2],
      bookingUrl: "https://example.org/book/five-a-side",
    },
    now,
  );
  await createEvent(
    db,
    {
      name: "Family Bike Ride and Picnic",
      date: dayAt(now, 10, 10),
      comment:
        "A gentle six-mile loop along the canal towpath, finishing with a picnic in Mill Meadow. Helmets required; stabilisers welcome.",
      organiser: "Priya Shah",
      location: "Meet at the school gates",
      imageUrl: null,
      bookingUrl: "https://example.org/book/bike-ride",
    },
    now,
  );
  await createEvent(
    db,
    {
      name: "Stargazing Night",
      date: dayAt(now, 24, 19, 30),
      comment:
        "The local astronomy society is bringing telescopes. Wrap up warm, bring a torch with a red filter if you have one, and we will look for the planets.",
      organiser: "Oakfield Primary Dads’ Club",
      location: "School playing field",
      imageUrl: imageUrls[3],
      bookingUrl: "https://example.org/book/stargazing-night",
    },
    now,
  );
  await createEvent(
    db,
    {
      name: "Pancake Breakfast and Board Games",
      date: dayAt(now, 52, 9),
      comment: "Dads cook, kids judge. Followed by a board-game tournament in the hall.",
      organiser: null,
      location: "School hall",
      imageUrl: null,
      bookingUrl: "https://example.org/book/pancake-breakfast",
    },
    now,
  );

  await createNews(
    db,
    {
      title: "Welcome to our new website",
      publishedAt: dayAt(now, -30, 8),
      imageUrl: null,
      content: sanitizeNewsHtml(
        '<h1>Hello from the Dads’ Club!</h1><p>We are delighted to launch the new home of <strong>Oakfield Primary Dads’ Club</strong>. Here you will find:</p><ul><li>our latest news</li><li>upcoming events you can book straight away</li><li>photos from past adventures</li></ul><p>Questions? Read more on our <a href="/who-we-are">Who We Are</a> page.</p>',
      ),
    },
    now,
  );
  await createNews(
    db,
    {
      title: "Den-building day: a muddy success",
      publishedAt: dayAt(now, -44, 17),
      imageUrl: imageUrls[0],
      content: sanitizeNewsHtml(
        "<h2>Thank you to everyone who came</h2><p>Over <strong>forty</strong> dads, grandads and children braved the drizzle. The winning den even had a <em>working door</em>.</p><ol><li>Tallest den: the Year 4 team</li><li>Most waterproof: the Okafor family</li><li>Best name: “Fort Biscuit”</li></ol>",
      ),
    },
    now,
  );
  await createNews(
    db,
    {
      title: "Bookings open for the family bike ride",
      publishedAt: dayAt(now, -2, 12),
      imageUrl: null,
      content: sanitizeNewsHtml(
        '<p>Our spring bike ride is <u>open for booking</u>. Places are limited to 30 families, so please <a href="https://example.org/book/bike-ride" target="_blank" rel="noopener noreferrer">book early</a>.</p><h2>What to bring</h2><ul><li>A roadworthy bike and a helmet</li><li>A packed lunch</li><li>Waterproofs — this is England, after all</li></ul><p><span style="font-family: serif">See you at the school gates!</span></p>',
      ),
    },
    now,
  );

  await writeTexts(
    db,
    "whoWeAre",
    {
      aboutUs:
        "Oakfield Primary Dads’ Club is a friendly group of dads, grandads, step-dads and carers who get together with our children for fun, low-cost activities throughout the year.\n\nWe started in a corner of the school playground with a football and a flask of tea. Today we run den-building days, bike rides, stargazing nights and much more.\n\nEveryone is welcome. You do not need any special skills — just bring your enthusiasm (and sometimes your wellies).",
      whoAreWe:
        "We are run by a small volunteer committee: Tom Richards (chair), Priya Shah (events), Sam Okafor (treasurer) and Dan Evans (communications), with help from lots of parents.\n\nWe work closely with the school and the PTA.",
      contactEmail: "dadsclub@example.org",
    },
    now,
  );
  await writeTexts(
    db,
    "whatWeDo",
    {
      mission:
        "Our mission is to help dads and father figures spend quality time with their children, build friendships with other families and support our school community.",
      activities:
        "We organise monthly outdoor adventures such as den building, bike rides and nature walks.\n\nIn the colder months we host pancake breakfasts, board-game mornings and craft sessions in the school hall.\n\nOnce a year we hold a summer camp-out on the school field.",
      impact:
        "Since we began, more than 150 families have joined at least one event.\n\nOur fundraising has paid for new playground equipment and a set of telescopes for the science club, and many dads tell us they now know far more people at the school gate.",
    },
    now,
  );

  await db.insertInto("meta").values({ key: SEEDED_KEY, value: now.toISOString() }).execute();
  return true;
}
