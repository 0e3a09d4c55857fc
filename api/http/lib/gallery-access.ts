import type { Context } from "hono";
import type { GalleryScope } from "../../store/gallery-visibility";
import { findTokenUser } from "../../store/tokens";
import { bearerToken } from "./auth";
import type { ApiDeps, ApiEnv } from "./context";
import { hasGalleryCookie } from "./gallery-cookie";
import { hashToken } from "./tokens";

/**
 * Who is looking at the gallery (docs/product.md, 'Photos'): someone on the committee (a live
 * admin token) sees everything, the consent record included; a visitor who entered the
 * club's gallery passphrase sees the parents-only albums; anyone else sees public ones.
 */
export interface GalleryViewer {
  committee: boolean;
  parents: boolean;
}

export async function galleryViewer(deps: ApiDeps, c: Context<ApiEnv>): Promise<GalleryViewer> {
  const token = bearerToken(c.req.header("authorization"));
  const committee = token !== null && (await findTokenUser(deps.store.db, hashToken(token), deps.now())) !== null;
  // The passphrase cookie (routes/gallery-unlock.ts) is read only when it matters.
  return { committee, parents: committee || (await hasGalleryCookie(deps, c)) };
}

/** What a visitor may read of a gallery image: never who confirmed consent. */
export function publicGalleryFields<Item extends { consentBy?: unknown; consentAt?: unknown }>(
  item: Item,
): Omit<Item, "consentBy" | "consentAt"> {
  const { consentBy: _by, consentAt: _at, ...rest } = item;
  return rest;
}

/** Which gallery images a read answers this viewer with: parents-only albums' only with access. */
export function scopeOf(viewer: GalleryViewer): GalleryScope {
  return viewer.parents ? "everything" : "public";
}
