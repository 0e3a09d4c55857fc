import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { TextField } from "~/components/admin/Field";
import { ImageUploadField } from "~/components/admin/ImageUploadField";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { Notice } from "~/components/Notice";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { UrlDialog } from "~/components/UrlDialog";
import { requireAdmin, runMutation, sendAsAdmin } from "~/lib/admin.server";
import { galleryImageSchema, type GalleryImage } from "~/lib/models";
import type { Notice as NoticeData } from "~/lib/notice";
import { readAdminForm } from "~/lib/uploads.server";
import { getJson } from "~/lib/upstream.server";
import { useHydrated } from "~/lib/use-hydrated";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Manage Gallery" }, { name: "robots", content: "noindex" }];

const LIST_PATH = "/admin/gallery";
const IMAGE_REQUIRED = "Please upload or enter an image URL";
const DELETE_QUESTION = "Are you sure you want to delete this image?";

const imageFields = {
  imageUrl: z.string({ error: IMAGE_REQUIRED }).trim().min(1, IMAGE_REQUIRED),
  caption: z.string({ error: "caption: must be text" }).trim().max(500, "caption: must be at most 500 characters").default(""),
};
const itemId = z.string({ error: "id: is required" }).regex(/^\d+$/, "id: must be a gallery image id");

const galleryForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), ...imageFields }),
    z.object({ intent: z.literal("update"), id: itemId, ...imageFields }),
    z.object({ intent: z.literal("delete"), id: itemId }),
  ],
  { error: "intent: must be create, update or delete" },
);

/** What the form shows again when an action does not redirect. */
interface GalleryFailure {
  notice: NoticeData | null;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ images: await getJson(context, "/api/gallery", z.array(galleryImageSchema)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  // Without JavaScript the image file comes with the form and is stored before the item.
  const { fields, uploadError, uploadNotice } = await readAdminForm(request, context, token, {
    file: "imageFile",
    urlField: "imageUrl",
    flow: "image",
  });
  if (uploadError) {
    return json<GalleryFailure>(
      { notice: uploadNotice ?? null, fieldErrors: { imageUrl: uploadError }, values: fields },
      { status: 400 },
    );
  }

  const parsed = galleryForm.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? "intent");
    return json<GalleryFailure>(
      { notice: field === "imageUrl" ? null : { kind: "error", title: issue.message }, fieldErrors: { [field]: issue.message }, values: fields },
      { status: 400 },
    );
  }

  const form = parsed.data;
  switch (form.intent) {
    case "create":
      return runMutation(request, {
        call: (t) =>
          sendAsAdmin(context, t, "/api/admin/gallery", {
            method: "POST",
            json: { imageUrl: form.imageUrl, caption: form.caption },
          }),
        success: { kind: "success", title: "Image added to gallery" },
        failure: (error) => ({ kind: "error", title: "Failed to add image to gallery", description: error }),
        redirectTo: LIST_PATH,
        values: fields,
      });
    case "update":
      return runMutation(request, {
        call: (t) =>
          sendAsAdmin(context, t, `/api/admin/gallery/${form.id}`, {
            method: "PUT",
            json: { id: Number(form.id), imageUrl: form.imageUrl, caption: form.caption },
          }),
        success: { kind: "success", title: "Gallery image updated" },
        failure: (error) => ({ kind: "error", title: "Failed to update gallery image", description: error }),
        redirectTo: LIST_PATH,
        values: fields,
      });
    case "delete":
      return runMutation(request, {
        call: (t) => sendAsAdmin(context, t, `/api/admin/gallery/${form.id}`, { method: "DELETE" }),
        success: { kind: "success", title: "Gallery image deleted" },
        failure: (error) => ({ kind: "error", title: "Failed to delete gallery image", description: error }),
        redirectTo: LIST_PATH,
      });
  }
}

export default function ManageGallery() {
  const { images } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const editing = images.find((image) => image.id === searchParams.get("edit"));
  const deleting = images.find((image) => image.id === searchParams.get("delete"));

  return (
    <AdminPage
      title="Manage Gallery"
      actions={
        <Link to="?new" className="button" preventScrollReset>
          Add Image
        </Link>
      }
    >
      <Notice notice={failed?.notice} />

      {searchParams.has("new") ? (
        <UrlDialog title="Add Gallery Image" closeTo={LIST_PATH}>
          <GalleryImageForm intent="create" submitLabel="Add Image" pendingLabel="Adding..." failed={failed} />
        </UrlDialog>
      ) : null}
      {editing ? (
        <UrlDialog title="Edit Gallery Image" closeTo={LIST_PATH}>
          <GalleryImageForm
            key={editing.id}
            intent="update"
            image={editing}
            submitLabel="Update Image"
            pendingLabel="Updating..."
            failed={failed}
          />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog title="Delete Gallery Image" closeTo={LIST_PATH}>
          <p className="confirm-text">{DELETE_QUESTION}</p>
          <Form method="post" className="form-actions">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <Link to={LIST_PATH} className="button button--secondary" preventScrollReset>
              Cancel
            </Link>
            <SubmitButton className="button button--danger" pendingLabel="Deleting...">
              Delete
            </SubmitButton>
          </Form>
        </UrlDialog>
      ) : null}

      {images.length === 0 ? (
        <div className="card admin-empty">
          <p>No images in the gallery yet.</p>
          <Link to="?new" className="button" preventScrollReset>
            Add your first image
          </Link>
        </div>
      ) : (
        <GalleryTable images={images} />
      )}
    </AdminPage>
  );
}

function GalleryTable({ images }: { images: GalleryImage[] }) {
  return (
    <div className="card admin-table-wrap">
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
                <RowActions image={image} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Edit opens the dialog; Delete asks the browser's confirm() with JavaScript, and
 * without it leads to a confirmation step the server renders (?delete=ID).
 */
function RowActions({ image }: { image: GalleryImage }) {
  const hydrated = useHydrated();
  const which = image.caption ? `image: ${image.caption}` : `image ${image.id}`;
  const confirmDelete = (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(DELETE_QUESTION)) event.preventDefault();
  };
  return (
    <div className="admin-table__actions">
      <Link to={`?edit=${image.id}`} className="button button--small button--secondary" preventScrollReset>
        Edit<span className="visually-hidden"> {which}</span>
      </Link>
      {hydrated ? (
        <Form method="post" action={LIST_PATH} onSubmit={confirmDelete}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={image.id} />
          <button type="submit" className="button button--small button--danger">
            Delete<span className="visually-hidden"> {which}</span>
          </button>
        </Form>
      ) : (
        <Link to={`?delete=${image.id}`} className="button button--small button--danger" preventScrollReset>
          Delete<span className="visually-hidden"> {which}</span>
        </Link>
      )}
    </div>
  );
}

interface FormProps {
  intent: "create" | "update";
  image?: GalleryImage;
  submitLabel: string;
  pendingLabel: string;
  failed: GalleryFailure | undefined;
}

function GalleryImageForm({ intent, image, submitLabel, pendingLabel, failed }: FormProps) {
  const hydrated = useHydrated();
  const values = failed?.values ?? {};
  const errors = failed?.fieldErrors ?? {};
  const initialUrl = values.imageUrl ?? image?.imageUrl ?? "";
  const [imageUrl, setImageUrl] = useState(initialUrl);
  // With JavaScript the button waits for an image; without it the server says what is missing.
  const missingImage = hydrated && imageUrl.trim() === "";

  return (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="intent" value={intent} />
      {image ? <input type="hidden" name="id" value={image.id} /> : null}
      <ImageUploadField
        name="imageUrl"
        label="Image"
        defaultValue={initialUrl}
        error={errors.imageUrl}
        flow="image"
        onChange={setImageUrl}
      />
      <TextField
        name="caption"
        id={`caption-${intent}`}
        label="Caption"
        rows={3}
        defaultValue={values.caption ?? image?.caption ?? ""}
        error={errors.caption}
      />
      {missingImage ? (
        <p id={`image-required-${intent}`} className="field__hint">
          {IMAGE_REQUIRED}
        </p>
      ) : null}
      <div className="form-actions">
        <SubmitButton
          intent={intent}
          pendingLabel={pendingLabel}
          disabled={missingImage}
          aria-describedby={missingImage ? `image-required-${intent}` : undefined}
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
