import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { DeleteDialog } from "~/components/admin/DeleteDialog";
import { ListLoading } from "~/components/admin/ListLoading";
import { TextField } from "~/components/admin/Field";
import { ImageUploadField } from "~/components/admin/ImageUploadField";
import { ItemActions } from "~/components/admin/ItemActions";
import { ItemForm } from "~/components/admin/ItemForm";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { Pager } from "~/components/Pager";
import { UrlDialog } from "~/components/UrlDialog";
import {
  skipDialogOnlyRevalidation,
  typedValues,
  useDialogState,
  useListPage,
  useListReloading,
} from "~/lib/admin/dialogs";
import { adminListAction, type IntentNotices, type ListIntent } from "~/lib/admin/list-action.server";
import { galleryFormSchema } from "~/lib/admin/forms.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { GALLERY_LABELS } from "~/lib/admin/labels";
import { galleryWindow, readGalleryImage } from "~/lib/content-lists.server";
import { adminListPage } from "~/lib/admin/list-page.server";
import type { GalleryImage } from "~/lib/models.server";
import type { Notice as NoticeData } from "~/lib/notifications";
import { useHydrated } from "~/lib/use-hydrated";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Manage Gallery" }, { name: "robots", content: "noindex" }];
export const shouldRevalidate = skipDialogOnlyRevalidation;

const LIST_PATH = "/admin/gallery";
const IMAGE_REQUIRED = "Please upload or enter an image URL";
const DELETE_QUESTION = "Are you sure you want to delete this image?";
const GALLERY_FIELDS = ["imageUrl", "caption"] as const;

/**
 * docs/product.md §8: the gallery's failures keep the error out of the title, as its description.
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
  return json({ images: items, chosen, paging });
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
  const { images, chosen: linked, paging } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const dialog = useDialogState();
  const reloading = useListReloading(LIST_PATH);
  const here = useListPage();

  const typed = (intent: string, id?: string) => typedValues(failed?.values, { intent, id }, GALLERY_FIELDS);
  const fieldErrors = (intent: string) => (failed?.values.intent === intent ? failed.fieldErrors : undefined);
  const chosen =
    dialog.kind === "edit" || dialog.kind === "delete"
      ? (images.find((image) => image.id === dialog.id) ?? (linked?.id === dialog.id ? linked : undefined))
      : undefined;

  return (
    <AdminPage
      title="Manage Gallery"
      actions={
        <Link to="?new" className="button" preventScrollReset>
          Add Image
        </Link>
      }
    >
      <AdminNotification notice={failed?.notice} />

      {dialog.kind === "new" ? (
        <UrlDialog title="Add Gallery Image" closeTo={here}>
          <GalleryImageForm
            intent="create"
            values={typed("create") ?? { imageUrl: "", caption: "" }}
            fieldErrors={fieldErrors("create")}
            closeTo={here}
            submitLabel="Add Image"
            pendingLabel="Adding..."
          />
        </UrlDialog>
      ) : null}
      {dialog.kind === "edit" && chosen ? (
        <UrlDialog title="Edit Gallery Image" closeTo={here}>
          <GalleryImageForm
            key={chosen.id}
            intent="update"
            id={chosen.id}
            values={typed("update", chosen.id) ?? { imageUrl: chosen.imageUrl, caption: chosen.caption ?? "" }}
            fieldErrors={fieldErrors("update")}
            closeTo={here}
            submitLabel="Update Image"
            pendingLabel="Updating..."
          />
        </UrlDialog>
      ) : null}
      {dialog.kind === "delete" && chosen ? (
        <DeleteDialog
          id={chosen.id}
          title="Delete Gallery Image"
          message={DELETE_QUESTION}
          preview={<GalleryImagePreview image={chosen} />}
          closeTo={here}
        />
      ) : null}

      <ListLoading active={reloading}>Loading images...</ListLoading>
      {images.length === 0 ? (
        <div className="card admin-empty">
          <p>No images in the gallery yet.</p>
          <Link to="?new" className="button" preventScrollReset>
            Add your first image
          </Link>
        </div>
      ) : (
        <GalleryTable images={images} busy={reloading} />
      )}
      <Pager pathname={LIST_PATH} noun="images" {...paging} />
    </AdminPage>
  );
}

/** How Edit and Delete name an image for screen readers. */
const imageName = (image: GalleryImage) => (image.caption ? `image: ${image.caption}` : `image ${image.id}`);

/** The image a delete confirmation is about: its thumbnail and caption. */
function GalleryImagePreview({ image }: { image: GalleryImage }) {
  return (
    <figure className="delete-preview">
      <ResponsiveImage
        src={image.imageUrl}
        alt=""
        width={192}
        height={144}
        sizes="192px"
        className="delete-preview__image"
      />
      <figcaption>{image.caption ? image.caption : <span className="empty-text">(No caption)</span>}</figcaption>
    </figure>
  );
}

function GalleryTable({ images, busy }: { images: GalleryImage[]; busy: boolean }) {
  return (
    <div className="card admin-table-wrap" aria-busy={busy || undefined}>
      <table className="admin-table">
        <caption className="visually-hidden">Gallery images</caption>
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Caption</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {images.map((image) => (
            <tr key={image.id}>
              <td>
                <ResponsiveImage
                  src={image.imageUrl}
                  alt={image.caption ?? "Gallery image without a caption"}
                  width={96}
                  height={72}
                  sizes="96px"
                  className="admin-table__thumb"
                />
              </td>
              <td>{image.caption ? image.caption : <span className="empty-text">(No caption)</span>}</td>
              <td>
                <ItemActions id={image.id} name={imageName(image)} confirm={DELETE_QUESTION} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface FormProps {
  intent: "create" | "update";
  id?: string;
  values: Record<(typeof GALLERY_FIELDS)[number], string>;
  fieldErrors?: Record<string, string>;
  closeTo: string;
  submitLabel: string;
  pendingLabel: string;
}

function GalleryImageForm({ intent, id, values, fieldErrors = {}, closeTo, submitLabel, pendingLabel }: FormProps) {
  const hydrated = useHydrated();
  const [imageUrl, setImageUrl] = useState(values.imageUrl);
  // With JavaScript the button waits for an image; without it the server says what is missing.
  const missingImage = hydrated && imageUrl.trim() === "";

  return (
    <ItemForm
      intent={intent}
      id={id}
      closeTo={closeTo}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      blockedBy={missingImage ? IMAGE_REQUIRED : null}
    >
      <ImageUploadField
        name="imageUrl"
        label={GALLERY_LABELS.imageUrl}
        defaultValue={values.imageUrl}
        error={fieldErrors.imageUrl}
        flow="image"
        onChange={setImageUrl}
      />
      <TextField
        name="caption"
        id={`caption-${intent}`}
        label={GALLERY_LABELS.caption}
        rows={3}
        defaultValue={values.caption}
        error={fieldErrors.caption}
      />
    </ItemForm>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
