/**
 * The demo set a new site starts with (seed.ts puts it in an empty database): four
 * drawn photos with their captions, five events around today, three news items and the
 * two text pages, so that every public page shows something before the club writes its own.
 */
import type { EventInput } from "../store/events";
import type { NewsInput } from "../store/news";
import type { WhatWeDo, WhoWeAre } from "../store/site-texts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type Rgb = readonly [number, number, number];

export interface Scene {
  caption: string;
  format: "jpeg" | "png";
  skyTop: Rgb;
  skyBottom: Rgb;
  sun: Rgb;
  hill: Rgb;
  hillFar: Rgb;
}

type SceneRow = [caption: string, format: Scene["format"], colours: string];

/** Colours in hex, in the order sky top, sky bottom, sun, near hill, far hill. */
const SCENE_ROWS: SceneRow[] = [
  ["Den building in Oakfield Woods — the tallest den yet!", "jpeg", "5698d6 c4e2f5 ffdd57 3e8040 78aa64"],
  ["Sunset at the summer camp-out on the school field", "jpeg", "463478 f49660 ffc878 303c34 605460"],
  ["Five-a-side on a crisp autumn morning", "png", "78aadc e6ecf0 fff0c8 a87834 c4a05a"],
  ["Stargazing night: spotting Jupiter with the telescope club", "png", "0a1030 283c6e ececdc 141e1c 24303c"],
];

function rgbOf(hex: string): Rgb {
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

export const SCENES: Scene[] = SCENE_ROWS.map(([caption, format, colours]) => {
  const [skyTop, skyBottom, sun, hill, hillFar] = colours.split(" ").map(rgbOf);
  return { caption, format, skyTop, skyBottom, sun, hill, hillFar };
});

/** A day relative to now, at a fixed time of day (UTC). */
function dayAt(now: Date, days: number, hour: number, minute = 0): string {
  const d = new Date(now.getTime() + days * DAY_MS);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
}

/** The events, around `now`; imageUrls are the scenes' photos, in SCENES' order. */
export function demoEvents(now: Date, imageUrls: readonly string[]): EventInput[] {
  return [
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
    {
      name: "Pancake Breakfast and Board Games",
      date: dayAt(now, 52, 9),
      comment: "Dads cook, kids judge. Followed by a board-game tournament in the hall.",
      organiser: null,
      location: "School hall",
      imageUrl: null,
      bookingUrl: "https://example.org/book/pancake-breakfast",
    },
  ];
}

/** The news items, their content before it is sanitised as any written news is. */
export function demoNews(now: Date, imageUrls: readonly string[]): NewsInput[] {
  return [
    {
      title: "Welcome to our new website",
      publishedAt: dayAt(now, -30, 8),
      imageUrl: null,
      content:
        '<h1>Hello from the Dads’ Club!</h1><p>We are delighted to launch the new home of <strong>Oakfield Primary Dads’ Club</strong>. Here you will find:</p><ul><li>our latest news</li><li>upcoming events you can book straight away</li><li>photos from past adventures</li></ul><p>Questions? Read more on our <a href="/who-we-are">Who We Are</a> page.</p>',
    },
    {
      title: "Den-building day: a muddy success",
      publishedAt: dayAt(now, -44, 17),
      imageUrl: imageUrls[0],
      content:
        "<h2>Thank you to everyone who came</h2><p>Over <strong>forty</strong> dads, grandads and children braved the drizzle. The winning den even had a <em>working door</em>.</p><ol><li>Tallest den: the Year 4 team</li><li>Most waterproof: the Okafor family</li><li>Best name: “Fort Biscuit”</li></ol>",
    },
    {
      title: "Bookings open for the family bike ride",
      publishedAt: dayAt(now, -2, 12),
      imageUrl: null,
      content:
        '<p>Our spring bike ride is <u>open for booking</u>. Places are limited to 30 families, so please <a href="https://example.org/book/bike-ride" target="_blank" rel="noopener noreferrer">book early</a>.</p><h2>What to bring</h2><ul><li>A roadworthy bike and a helmet</li><li>A packed lunch</li><li>Waterproofs — this is England, after all</li></ul><p><span style="font-family: serif">See you at the school gates!</span></p>',
    },
  ];
}

export const DEMO_TEXTS: { whoWeAre: WhoWeAre; whatWeDo: WhatWeDo } = {
  whoWeAre: {
    aboutUs:
      "Oakfield Primary Dads’ Club is a friendly group of dads, grandads, step-dads and carers who get together with our children for fun, low-cost activities throughout the year.\n\nWe started in a corner of the school playground with a football and a flask of tea. Today we run den-building days, bike rides, stargazing nights and much more.\n\nEveryone is welcome. You do not need any special skills — just bring your enthusiasm (and sometimes your wellies).",
    whoAreWe:
      "We are run by a small volunteer committee: Tom Richards (chair), Priya Shah (events), Sam Okafor (treasurer) and Dan Evans (communications), with help from lots of parents.\n\nWe work closely with the school and the PTA.",
    contactEmail: "dadsclub@example.org",
  },
  whatWeDo: {
    mission:
      "Our mission is to help dads and father figures spend quality time with their children, build friendships with other families and support our school community.",
    activities:
      "We organise monthly outdoor adventures such as den building, bike rides and nature walks.\n\nIn the colder months we host pancake breakfasts, board-game mornings and craft sessions in the school hall.\n\nOnce a year we hold a summer camp-out on the school field.",
    impact:
      "Since we began, more than 150 families have joined at least one event.\n\nOur fundraising has paid for new playground equipment and a set of telescopes for the science club, and many dads tell us they now know far more people at the school gate.",
  },
};
