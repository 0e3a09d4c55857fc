import { useState } from "react";
import { GALLERY_LABELS } from "~/lib/admin/forms/labels";
import { CAPTION_HINT } from "~/lib/admin/photo-texts";
import { useHydrated } from "~/lib/use-hydrated";
import { BlurEditor } from "./BlurEditor";
import { TextField } from "./Field";
import { ImageDescriptionField } from "./ImageDescriptionField";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, useItemForm, type ItemFormProps } from "./ItemForm";

/**
 * An image is what a gallery item is: the button waits for one, and the action answers a
 * form without one with these words beside the image field.
 */
export const IMAGE_REQUIRED = "Please upload or enter an image URL";

export interface GalleryFormValues {
  imageUrl: string;
  caption: string;
  altText: string;
}

/**
 * Add or edit one gallery image; editing one stored here can also blur faces in it. The
 * form starts afresh when the stored image changes (faces blurred give a new address).
 */
export function GalleryForm(form: ItemFormProps<GalleryFormValues>) {
  return (
    <>
      <GalleryFields key={form.values.imageUrl} {...form} />
      {form.intent === "update" && form.id ? <BlurEditor galleryId={form.id} imageUrl={form.values.imageUrl} /> : null}
    </>
  );
}

function GalleryFields(form: ItemFormProps<GalleryFormValues>) {
  const { intent } = form;
  const { formId, field } = useItemForm(form, GALLERY_LABELS);
  const image = field("imageUrl");
  const hydrated = useHydrated();
  const [imageUrl, setImageUrl] = useState(image.defaultValue);
  // With JavaScript the button waits for an image; without it the server says what is missing.
  const missingImage = hydrated && imageUrl.trim() === "";

  return (
    <ItemForm
      form={form}
      formId={formId}
      submitLabel={intent === "create" ? "Add Image" : "Update Image"}
      pendingLabel={intent === "create" ? "Adding..." : "Updating..."}
      blockedBy={missingImage ? IMAGE_REQUIRED : null}
    >
      <ImageUploadField {...image} flow="image" onChange={setImageUrl} />
      <TextField {...field("caption")} rows={3} hint={CAPTION_HINT} />
      <ImageDescriptionField {...field("altText")} />
    </ItemForm>
  );
}
