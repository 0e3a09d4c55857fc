import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { Pager } from "~/components/Pager";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { preloadDialog } from "~/components/UrlDialog";
import { imageLabel, Lightbox } from "~/components/public/Lightbox";
import { RouteErrorBoundary } from "~/components/RouteError";
import { PublicPage } from "~/components/public/Placeholders";
import { dialogHref, keepDataForDialogs } from "~/lib/public/dialog-state";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta } from "~/lib/public/meta.server";
import { pageHref } from "~/lib/pagination";
import { galleryPageData } from "~/lib/public/pages.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await galleryPageData(request, context);
  const meta = publicMeta(data.site, {
    title: "Image Gallery",
    description: `Photos from the activities and adventures of ${data.site.name}.`,
    path: pageHref("/gallery", data.paging.page),
    image: data.previewImage,
  });
  return { ...data, meta };
}

export const meta = loaderMeta("Image Gallery");

export const shouldRevalidate = keepDataForDialogs;
export const ErrorBoundary = RouteErrorBoundary;

export default function Gallery() {
  const { images, paging, first, total, beyondPage } = useLoaderData<typeof loader>();
  const here = pageHref("/gallery", paging.page);
  const [searchParams] = useSearchParams();
  const openIndex = images.findIndex((image) => image.id === searchParams.get("image"));

  return (
    <PublicPage>
      <h1 className="page-title">Image Gallery</h1>
      {openIndex >= 0 ? (
        <Lightbox
          images={images}
          index={openIndex}
          pathname={here}
          first={first}
          total={total}
          beyondPage={beyondPage}
        />
      ) : null}
      {images.length === 0 ? (
        <p className="empty-text">No images in the gallery yet.</p>
      ) : (
        <ul className="gallery-grid">
          {images.map((image, index) => (
            <li key={image.id}>
              <Link
                to={dialogHref(here, "image", image.id)}
                preventScrollReset
                className="gallery-item"
                data-image-id={image.id}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
              >
                <ResponsiveImage
                  className="gallery-item__image"
                  src={image.imageUrl}
                  alt={imageLabel(image, first + index)}
                  width={480}
                  height={360}
                  sizes="(max-width: 48rem) 50vw, 25vw"
                  priority={index === 0}
                  loading={index < 2 ? "eager" : "lazy"}
                />
                {image.caption ? (
                  <span className="gallery-item__caption" aria-hidden="true">
                    {image.caption}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager pathname="/gallery" noun="images" {...paging} />
    </PublicPage>
  );
}
