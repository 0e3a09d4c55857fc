import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/Pager";
import { AlbumLocked } from "~/components/public/AlbumLocked";
import { PassphraseForm } from "~/components/public/PassphraseForm";
import { BackLink } from "~/components/public/BackLink";
import { GalleryGrid } from "~/components/public/GalleryGrid";
import { OpenLightbox } from "~/components/public/OpenLightbox";
import { RouteErrorBoundary } from "~/components/RouteError";
import { albumPageData, publicMeta, visitorSend, unlockGallery, type UnlockFailure } from "~/lib/public/loaders.server";
import { keepDataForDialogs } from "~/lib/dialog-state";
import { loaderMeta } from "~/lib/public/meta";
// The public pages' one way to the /api (and, in the browser build, one shared stub with theirs).

/**
 * One album (/gallery/albums/{id}, docs/product.md, 'Photos'): its title, date and event, its
 * images 60 a page with /gallery's lightbox, wrapping inside the album. A parents-only
 * album shows a visitor without the passphrase its title and AlbumLocked alone.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const data = await albumPageData(request, visitorSend(request, context), params.id);
  const meta = publicMeta(data.site, {
    title: data.album.title,
    description: `${data.album.dateText}: photos from ${data.site.name}.`,
    path: data.here,
    // A link preview is shared beyond the visitor: never a parents-only album's photo.
    image: data.album.parentsOnly ? undefined : (data.album.coverImageUrl ?? undefined),
  });
  return { ...data, meta };
}

/** The locked page's passphrase form posts here (docs/product.md, 'Parents-only albums'). */
export async function action({ request, context }: ActionFunctionArgs) {
  return unlockGallery(request, context);
}

export const meta = loaderMeta("Album");
export const shouldRevalidate = keepDataForDialogs;
export const ErrorBoundary = RouteErrorBoundary;

export default function AlbumPage() {
  const { album, locked, images, here, paging, first, total, beyondPage } = useLoaderData<typeof loader>();
  const failure = useActionData<UnlockFailure>();

  return (
    <>
      <BackLink to="/gallery">Image Gallery</BackLink>
      <h1 className="page-title">{album.title}</h1>
      <p className="album-page__meta">
        {album.dateText}
        {album.eventPath ? (
          <>
            {" · "}
            <Link to={album.eventPath}>About this event</Link>
          </>
        ) : null}
      </p>
      {locked ? (
        <AlbumLocked>
          <PassphraseForm error={failure?.passphraseError} />
        </AlbumLocked>
      ) : null}
      <OpenLightbox images={images} pathname={here} first={first} total={total} beyondPage={beyondPage} />
      {!locked && images.length === 0 ? <p className="empty-text">No images in this album yet.</p> : null}
      {images.length > 0 ? <GalleryGrid images={images} here={here} first={first} /> : null}
      {locked ? null : <Pager pathname={album.path} noun="images" {...paging} />}
    </>
  );
}
