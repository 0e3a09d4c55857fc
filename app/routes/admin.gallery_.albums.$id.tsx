import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import albumStyles from "~/styles/admin-albums.css";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CardSection } from "~/components/admin/CardSection";
import { adminLinks, AdminPage } from "~/components/admin/AdminPage";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { AlbumAddImages } from "~/components/admin/albums/AlbumAddImages";
import { AlbumDelete } from "~/components/admin/albums/AlbumDelete";
import { AlbumFields } from "~/components/admin/albums/AlbumFields";
import { AlbumImageOrder } from "~/components/admin/albums/AlbumImageOrder";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { Pager } from "~/components/Pager";
import { RouteErrorBoundary } from "~/components/RouteError";
import { VISIBILITY_CHOICES } from "~/lib/admin/gallery/visibility-choices";
import { albumAdminPath, ALBUMS_ADMIN_PATH } from "~/lib/paths/albums";
import { albumAction, albumScreenData } from "~/lib/admin/gallery/albums.server";
import { env } from "~/lib/config.server";
import { albumPagePath } from "~/lib/paths/albums";
import { shownForm, type FormFailure } from "~/lib/admin/forms/form-failure";

/** The admin album rules follow the shared admin sheets. */
export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: albumStyles }];
export const meta: MetaFunction = () => [{ title: "Edit Album" }, { name: "robots", content: "noindex" }];

/** /admin/gallery/albums/{id}: one album's fields, its images in order (60 a page), its cover, and deleting it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return albumScreenData(request, context, params.id, env().SITE_TIME_ZONE);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return albumAction(request, context, params.id);
}

export default function AdminAlbum() {
  const { album, images, paging, neighbours, events, loose } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const [searchParams] = useSearchParams();
  const here = albumAdminPath(album.id);
  const stored = { title: album.title, date: album.date, eventId: album.eventId ?? "", visibility: album.visibility };
  const details = shownForm(failed, "update", stored);
  return (
    <AdminPage title={`Album: ${album.title}`} backLink={{ to: ALBUMS_ADMIN_PATH, label: "all albums" }}>
      <p>
        <Link to={albumPagePath(album.id)}>See it on the site</Link>
      </p>
      <AdminNotification notice={failed?.notice} />
      {searchParams.has("delete") ? (
        <AlbumDelete title={album.title} imageCount={album.imageCount ?? 0} cancelTo={here} />
      ) : null}
      <CardSection id="album-fields-heading" title="Details">
        <Form method="post">
          <input type="hidden" name="intent" value="update" />
          <AlbumFields
            values={details.values}
            errors={details.errors}
            events={events}
            visibilities={VISIBILITY_CHOICES}
          />
          <SubmitButton pendingLabel="Saving Changes..." intent="update">
            Save Changes
          </SubmitButton>
        </Form>
        <p>
          <Link to="?delete" className="button button--danger" preventScrollReset>
            Delete album
          </Link>
        </p>
      </CardSection>
      <CardSection id="album-images-heading" title="Images">
        {images.length === 0 ? (
          <p className="empty-text">No images in this album yet.</p>
        ) : (
          <AlbumImageOrder
            images={images}
            neighbours={neighbours}
            coverImageId={album.coverImageId ?? null}
            page={paging.page}
          />
        )}
        <Pager pathname={here} noun="images" {...paging} />
      </CardSection>
      <CardSection id="album-add-heading" title="Add images from the gallery">
        <AlbumAddImages images={loose} page={paging.page} />
      </CardSection>
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
