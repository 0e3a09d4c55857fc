import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/Pager";
import { GalleryAlbums } from "~/components/public/GalleryAlbums";
import { GalleryGrid } from "~/components/public/GalleryGrid";
import { OpenLightbox } from "~/components/public/OpenLightbox";
import { RouteErrorBoundary } from "~/components/RouteError";
import { keepDataForDialogs } from "~/lib/dialog-state";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, galleryPageData, visitorSend, galleryAlbumsOf } from "~/lib/public/loaders.server";
import { pageHref } from "~/lib/paging/pages";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [data, albums] = await Promise.all([
    galleryPageData(request, context),
    galleryAlbumsOf(request, visitorSend(request, context)),
  ]);
  const meta = publicMeta(data.site, {
    title: "Image Gallery",
    description: `Photos from the activities and adventures of ${data.site.name}.`,
    path: pageHref("/gallery", data.paging.page),
    image: data.previewImage,
  });
  return { ...data, ...albums, meta };
}

export const meta = loaderMeta("Image Gallery");

export const shouldRevalidate = keepDataForDialogs;
export const ErrorBoundary = RouteErrorBoundary;

export default function Gallery() {
  const { images, paging, first, total, beyondPage, albums, moreAlbums } = useLoaderData<typeof loader>();
  const here = pageHref("/gallery", paging.page);

  return (
    <>
      <h1 className="page-title">Image Gallery</h1>
      <p className="calendar-links">
        <a href="/search">Search the site</a>
      </p>
      <OpenLightbox images={images} pathname={here} first={first} total={total} beyondPage={beyondPage} />
      <GalleryAlbums albums={albums} more={moreAlbums} />
      {images.length === 0 ? (
        <p className="empty-text">No images in the gallery yet.</p>
      ) : (
        <GalleryGrid images={images} here={here} first={first} leads={albums.length === 0} />
      )}
      <Pager pathname="/gallery" noun="images" {...paging} />
    </>
  );
}
