import { useState } from "react";
import { GALLERY_LABELS } from "~/lib/admin/labels";
import { useHydrated } from "~/lib/use-hydrated";
import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { ItemForm, type ItemFormProps } from "./ItemForm";

/**
 * An image is what a gallery item is: the button waits for one, and the action answers a
 * form without one with these words beside the image field.
 */
export const IMAGE_REQUIRED = "Please upload or enter an image URL";

export interface GalleryFormValues {
  imageUrl: string;
  caption: string;
}

/** Add or edit one gallery image. */
export function GalleryForm(form: ItemFormProps<GalleryFormValues>) {
  const { intent, values, fieldErrors = {} } = form;
  const hydrated = useHydrated();
  const [imageUrl, setImageUrl] = useState(values.imageUrl);
  // With JavaScript the button waits for an image; without it the server says what is missing.
  const missingImage = hydrated && imageUrl.trim() === "";

  return (
    <ItemForm
      form={form}
      submitLabel={intent === "create" ? "Add Image" : "Update Image"}
      pendingLabel={intent === "create" ? "Adding..." : "Updating..."}
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
