import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { AlbumsLink } from "~/components/admin/albums/AlbumsLink";
import { AdminListScreen } from "~/components/admin/AdminListScreen";
import { GalleryFollowUpLinks } from "~/components/admin/GalleryFollowUpLinks";
import { GalleryForm, IMAGE_REQUIRED } from "~/components/admin/GalleryForm";
import { GALLERY_DELETE_QUESTION, GalleryImagePreview, GalleryTable } from "~/components/admin/GalleryTable";
import { GalleryUses } from "~/components/admin/GalleryUses";
import { galleryImageUses } from "~/lib/admin/gallery/uses.server";
import { keepDataForDialogs } from "~/lib/dialog-state";
import { adminListAction, type IntentNotices, type ListIntent } from "~/lib/admin/forms/list-action.server";
import { galleryFormSchema } from "~/lib/admin/forms/schemas.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { lastEditsOfPage } from "~/lib/admin/activity/activity.server";
import { GALLERY_LABELS } from "~/lib/admin/forms/labels";
import { galleryWindow, readGalleryImage } from "~/lib/upstream/club-lists.server";
import { adminListPage } from "~/lib/admin/forms/list-page.server";
import type { Notice as NoticeData } from "~/lib/notifications";
import { RouteErrorBoundary } from "~/components/RouteError";
import blurEditorStyles from "~/styles/blur-editor.css";
import { readFollowUpCounts } from "~/lib/admin/gallery/follow-up.server";
import { env } from "~/lib/config.server";
import photoStyles from "~/styles/admin-photos.css";
import { AddManyLink } from "~/components/admin/batch/AddManyLink";

export const links: LinksFunction = () => [
  ...adminLinks(),
  { rel: "stylesheet", href: photoStyles },
  { rel: "stylesheet", href: blurEditorStyles },
];
export const meta: MetaFunction = () => [{ title: "Manage Gallery" }, { name: "robots", content: "noindex" }];
export const shouldRevalidate = keepDataForDialogs;

const LIST_PATH = "/admin/gallery";

/**
 * docs/product.md, 'The error catalogue': the gallery's failures keep the error out of the title, as its description.
 * A function, not a constant, so the browser build drops it with the action.
 */
function galleryNotices(): Record<ListIntent, IntentNotices> {
  const failedTo =
    (title: string) =>
    (error: string): NoticeData => ({ kind: "error", title, description: error });
  return {
    create: {
      success: { kind: "success", title: "Image added to gallery" },
      failure: failedTo("Failed to add image to gallery"),
    },
    update: {
      success: { kind: "success", title: "Gallery image updated" },
      failure: failedTo("Failed to update gallery image"),
    },
    delete: {
      success: { kind: "success", title: "Gallery image deleted" },
      failure: failedTo("Failed to delete gallery image"),
    },
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const { items, chosen, paging } = await adminListPage(
    request,
    LIST_PATH,
    (limit, offset) => galleryWindow(admin.send, limit, offset),
    (id) => readGalleryImage(admin.send, id),
  );
  const deleting = chosen && new URL(request.url).searchParams.has("delete");
  return json({
    images: items,
    chosen,
    // docs/product.md, 'Takedown': the delete dialog names what else loses the image.
    uses: deleting ? await galleryImageUses(admin, chosen.id) : [],
    paging,
    lastEdits: await lastEditsOfPage(admin, "gallery", { items, chosen }),
    // docs/product.md, 'Photos': the images still to see to, and the dates consent was confirmed on.
    followUp: await readFollowUpCounts(admin),
    timeZone: env().SITE_TIME_ZONE,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminListAction(request, context, {
    labels: GALLERY_LABELS,
    notices: galleryNotices(),
    // A refused form check is named as it is, not as a failed save.
    invalidNotice: (problem) => ({ kind: "error", title: problem }),
    imageRequired: IMAGE_REQUIRED,
    apiPath: "/api/admin/gallery",
    listPath: LIST_PATH,
    flow: "image",
    schema: galleryFormSchema,
  });
}

export default function ManageGallery() {
  const { images, chosen, uses, paging, lastEdits, followUp, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminListScreen
      title="Manage Gallery"
      addLabel="Add Image"
      moreActions={<AddManyLink />}
      listPath={LIST_PATH}
      items={images}
      chosen={chosen}
      paging={paging}
      lastEdits={lastEdits}
      failed={failed}
      forms={{
        Form: GalleryForm,
        createTitle: "Add Gallery Image",
        editTitle: "Edit Gallery Image",
        blank: { imageUrl: "", caption: "", altText: "" },
        stored: (image) => ({ imageUrl: image.imageUrl, caption: image.caption ?? "", altText: image.altText ?? "" }),
      }}
      deleteQuestion={(image) => ({
        title: "Delete Gallery Image",
        message: GALLERY_DELETE_QUESTION,
        preview: (
          <>
            <GalleryImagePreview image={image} />
            <GalleryUses uses={uses} />
          </>
        ),
      })}
      loadingText="Loading images..."
      empty={
        <div className="card admin-empty">
          <AlbumsLink />
          <p>No images in the gallery yet.</p>
          <Link to="?new" className="button" preventScrollReset>
            Add your first image
          </Link>
        </div>
      }
      noun="images"
    >
      {(busy) => (
        <>
          <AlbumsLink />
          <GalleryFollowUpLinks counts={followUp} />
          <GalleryTable images={images} busy={busy} timeZone={timeZone} />
        </>
      )}
    </AdminListScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
