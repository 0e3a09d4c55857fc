import { z } from "zod";
import { ROLES } from "../../../common/roles";

/**
 * The shapes the upstream /api answers with (docs/product.md, 'Entities and their fields'). Loaders parse every answer
 * with these, so a misbehaving upstream fails loudly at the boundary, not in a view.
 */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** Text that may be missing (null or absent), read as empty. */
const textOrEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

const id = z.union([z.number(), z.string()]).transform(String);

/**
 * When an item was created or last edited. Our /api sends both; a foreign upstream may
 * not, or may send something unreadable: then it is unknown (undefined), never a reason
 * to fail a page. Feeds and calendars fall back on their own (see events/calendar.server.ts).
 */
const optionalTimestamp = z
  .string()
  .nullish()
  .transform((value) => {
    const time = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(time) ? undefined : new Date(time).toISOString();
  })
  // An optional key, as it arrives over JSON in a view's loader data.
  .optional();

const editTimes = { createdAt: optionalTimestamp, updatedAt: optionalTimestamp };

export const eventSchema = z.object({
  id,
  name: z.string(),
  date: z.string(),
  comment: textOrEmpty,
  organiser: optionalText,
  location: optionalText,
  imageUrl: optionalText,
  /** docs/product.md, 'Photos': the image's description; absent or null: decorative (alt=""). */
  imageAlt: optionalText.optional(),
  bookingUrl: z.string(),
  ...editTimes,
  /** docs/product.md, 'Repeating events': the repeating series it is one date of; absent for a single event. */
  seriesId: id.optional(),
});
export type ClubEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.array(eventSchema);

export const newsItemSchema = z.object({
  id,
  title: z.string(),
  content: textOrEmpty,
  publishedAt: z.string(),
  imageUrl: optionalText,
  imageAlt: optionalText.optional(),
  ...editTimes,
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = z.array(newsItemSchema);

export const galleryImageSchema = z.object({
  id,
  imageUrl: z.string(),
  caption: optionalText,
  /** docs/product.md, 'Photos': its description; null: the caption stands in for it. */
  altText: optionalText,
  /** Who confirmed photo consent and when: only the committee is sent them (absent for visitors). */
  consentBy: z.string().nullish(),
  consentAt: z.string().nullish(),
  /** The album it belongs to, so a page can mark a parents-only album's photos. */
  albumId: id.nullish().transform((value) => value ?? null),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;
/** An image as a page shows it: 'Parents only' on a photo of a parents-only album (docs/product.md, 'Parents-only albums'). */
export type ShownImage = Pick<GalleryImage, "id" | "imageUrl" | "caption" | "altText"> & { mark?: string | null };
export const galleryListSchema = z.array(galleryImageSchema);

export const whoWeAreSchema = z.object({
  aboutUs: textOrEmpty,
  whoAreWe: textOrEmpty,
  contactEmail: textOrEmpty,
});
export type WhoWeAre = z.infer<typeof whoWeAreSchema>;

export const whatWeDoSchema = z.object({
  mission: textOrEmpty,
  activities: textOrEmpty,
  impact: textOrEmpty,
});
export type WhatWeDo = z.infer<typeof whatWeDoSchema>;

export const loginResponseSchema = z.object({ token: z.string().min(1) });
export const uploadResponseSchema = z.object({ imageUrl: z.string().min(1) });
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string().min(1) });
export const objectPathResponseSchema = z.object({ objectPath: z.string().min(1) });
/** A committee member's role, as people's answers name it. */
const personRole = z.enum(ROLES);

/** Whose the token is; `name` and `role` are absent from an upstream that knows no committee. */
export const sessionResponseSchema = z.object({
  username: z.string().min(1),
  expiresAt: z.string(),
  name: z.string().optional(),
  role: personRole.optional(),
});

/** Who is signed in, with their second factors (GET /api/admin/me; docs/product.md, 'The committee'). */
export const meSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  role: personRole,
  twoFactor: z.object({
    totp: z.boolean(),
    passkeys: z.number(),
    recoveryCodesLeft: z.number(),
    /** Until when the person's codes are locked after too many wrong ones (absent from an older /api). */
    lockedUntil: z.string().nullable().default(null),
  }),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/event-series: what a calendar needs of repeating series (docs/product.md, 'Repeating events'). */
export const eventSeriesListSchema = z.array(
  z.object({
    id,
    every: z.enum(["week", "2weeks", "month-weekday", "month-date"]),
    firstDate: z.string(),
    timeOfDay: z.string(),
    /** When it was made and what a calendar writes of it last changed (absent from an older /api). */
    createdAt: optionalTimestamp,
    changedAt: optionalTimestamp,
    dates: z.array(z.object({ eventId: id, seriesDate: z.string(), changed: z.boolean() })),
    /** The events it is written from: its own fields and each date changed alone (absent from an older /api). */
    events: z.array(eventSchema).default([]),
  }),
);
export type EventSeriesCalendar = z.infer<typeof eventSeriesListSchema>[number];
