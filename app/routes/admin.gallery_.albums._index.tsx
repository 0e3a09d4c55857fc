import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import albumStyles from "~/styles/admin-albums.css";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CardSection } from "~/components/admin/CardSection";
import { adminLinks, AdminPage } from "~/components/admin/AdminPage";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { AlbumFields } from "~/components/admin/albums/AlbumFields";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { Pager } from "~/components/Pager";
import { RouteErrorBoundary } from "~/components/RouteError";
import { VISIBILITY_LABELS } from "../../common/albums";
import { VISIBILITY_CHOICES } from "~/lib/admin/gallery/visibility-choices";
import { albumAdminPath, ALBUMS_ADMIN_PATH } from "~/lib/paths/albums";
import { albumListAction, albumListData } from "~/lib/admin/gallery/albums.server";
import { env } from "~/lib/config.server";
import { formatDate } from "~/lib/dates";
import { shownForm, type FormFailure } from "~/lib/admin/forms/form-failure";

/** The admin album rules follow the shared admin sheets. */
export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: albumStyles }];
export const meta: MetaFunction = () => [{ title: "Albums" }, { name: "robots", content: "noindex" }];

/** /admin/gallery/albums: the albums, newest first, and a form for a new one (docs/product.md, 'Photos'). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return albumListData(request, context, env().SITE_TIME_ZONE);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return albumListAction(request, context);
}

export default function AdminAlbums() {
  const { albums, paging, events } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const { values, errors } = shownForm(failed, "create", { title: "", date: "", eventId: "", visibility: "public" });
  return (
    <AdminPage title="Albums" backLink={{ to: "/admin/gallery", label: "Manage Gallery" }}>
      <AdminNotification notice={failed?.notice} />
      {albums.length === 0 ? (
        <p className="empty-text">No albums yet.</p>
      ) : (
        <ul className="admin-album-list">
          {albums.map((album) => (
            <li key={album.id} className="card admin-album-card">
              <h2 className="admin-album-card__title">
                <Link to={albumAdminPath(album.id)}>{album.title}</Link>
              </h2>
              <p className="admin-album-card__meta">
                {/* An album's date is a calendar day: written as the site writes dates, never moved by a zone. */}
                <time dateTime={album.date}>{formatDate(album.date, "UTC")}</time>
                {" · "}
                {album.imageCount === 1 ? "1 image" : `${album.imageCount} images`}
                {" · "}
                {VISIBILITY_LABELS[album.visibility]}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager pathname={ALBUMS_ADMIN_PATH} noun="albums" {...paging} />
      <CardSection id="new-album-heading" title="New album">
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <AlbumFields values={values} errors={errors} events={events} visibilities={VISIBILITY_CHOICES} />
          <SubmitButton pendingLabel="Creating...">Create album</SubmitButton>
        </Form>
      </CardSection>
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
