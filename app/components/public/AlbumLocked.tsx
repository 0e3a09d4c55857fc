import type { ReactNode } from "react";

/**
 * What a parents-only album's page shows a visitor who has not entered the gallery
 * passphrase (docs/product.md, 'Photos'): the words, and the passphrase form as `children`.
 */
export function AlbumLocked({ children }: { children?: ReactNode }) {
  return (
    <section className="album-locked" aria-label="Parents only">
      <p>This album is for the club&apos;s families. Enter the gallery passphrase to see it.</p>
      {children}
    </section>
  );
}
