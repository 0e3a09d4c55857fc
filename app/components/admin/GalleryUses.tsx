import type { ImageUse } from "~/lib/admin/gallery/uses.server";

const KIND_NAMES: Record<ImageUse["type"], string> = { news: "News", event: "Event", gallery: "Gallery image" };

/**
 * docs/product.md, 'Takedown': the line beneath the gallery's delete question that names
 * what else shows the image, e.g. 'This image is also used by: News "Sports day", Event
 * "Fun run". It will be removed from them too.'
 */
export function usesSentence(uses: readonly ImageUse[]): string {
  const named = uses.map((use) => `${KIND_NAMES[use.type]} "${use.title}"`).join(", ");
  return `This image is also used by: ${named}. It will be removed from them too.`;
}

/** Nothing when no other item shows the image. */
export function GalleryUses({ uses }: { uses: readonly ImageUse[] }) {
  return uses.length > 0 ? <p className="confirm-text">{usesSentence(uses)}</p> : null;
}

/**
 * With JavaScript: the same line for the browser confirm, asked of the app when Delete is
 * pressed (routes/admin.gallery_.$id.uses.tsx); null when there is none or it cannot say.
 */
export async function fetchUsesNote(id: string): Promise<string | null> {
  try {
    const response = await fetch(`/admin/gallery/${encodeURIComponent(id)}/uses`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return null;
    const { note } = (await response.json()) as { note?: unknown };
    return typeof note === "string" ? note : null;
  } catch {
    return null;
  }
}
