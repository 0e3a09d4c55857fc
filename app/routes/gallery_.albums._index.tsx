import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/Pager";
import { AlbumCards } from "~/components/public/AlbumCards";
import { BackLink } from "~/components/public/BackLink";
import { RouteErrorBoundary } from "~/components/RouteError";
import { pageHref } from "~/lib/paging/pages";
import { albumsPageData, publicMeta, visitorSend } from "~/lib/public/loaders.server";
import { loaderMeta } from "~/lib/public/meta";
// The public pages' one way to the /api (and, in the browser build, one shared stub with theirs).

/** /gallery/albums: every album, newest first, a page at a time (docs/product.md, 'Photos'). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await albumsPageData(request, visitorSend(request, context));
  const meta = publicMeta(data.site, {
    title: "Albums",
    description: `Photo albums from the activities of ${data.site.name}.`,
    path: pageHref(data.path, data.paging.page),
  });
  return { ...data, meta };
}

export const meta = loaderMeta("Albums");
export const ErrorBoundary = RouteErrorBoundary;

export default function Albums() {
  const { albums, paging, path } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to="/gallery">Image Gallery</BackLink>
      <h1 className="page-title">Albums</h1>
      {albums.length === 0 ? <p className="empty-text">No albums yet.</p> : <AlbumCards albums={albums} />}
      <Pager pathname={path} noun="albums" {...paging} />
    </>
  );
}
