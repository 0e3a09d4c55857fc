/**
 * Who may see an album (docs/product.md, 'Photos'): everyone, or only visitors who entered the
 * club's gallery passphrase (and the committee).
 */
export const ALBUM_VISIBILITIES = ["public", "parents"] as const;
export type AlbumVisibility = (typeof ALBUM_VISIBILITIES)[number];

export const VISIBILITY_LABELS: Record<AlbumVisibility, string> = {
  public: "Public",
  parents: "Parents only",
};

export function isAlbumVisibility(value: unknown): value is AlbumVisibility {
  return (ALBUM_VISIBILITIES as readonly unknown[]).includes(value);
}

/** An album page shows this many images at a time. */
export const ALBUM_PAGE_SIZE = 60;
