import { Form, Link } from "@remix-run/react";
import { TextField } from "./Field";
import { ImageUploadField } from "./ImageUploadField";
import { RichTextField } from "./RichTextField";
import { SubmitButton } from "./SubmitButton";

/** What the form shows: a stored item, an empty one, or what was typed before a failed save. */
export interface NewsFormValues {
  title: string;
  /** yyyy-MM-dd in the site's time zone. */
  publishedAt: string;
  content: string;
  imageUrl: string;
}

interface Props {
  intent: "create" | "update";
  id?: string;
  values: NewsFormValues;
  fieldErrors?: Record<string, string>;
  closeTo: string;
}

/** Create or edit one news item; multipart, so a file chosen without JavaScript goes with it. */
export function NewsForm({ intent, id, values, fieldErrors = {}, closeTo }: Props) {
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="admin-form">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <TextField name="title" label="Title" defaultValue={values.title} error={fieldErrors.title} required />
      <TextField
        name="publishedAt"
        label="Publication Date"
        type="date"
        defaultValue={values.publishedAt}
        error={fieldErrors.publishedAt}
        required
      />
      <RichTextField name="content" label="Content" defaultValue={values.content} error={fieldErrors.content} />
      <ImageUploadField name="imageUrl" label="Image" flow="news" defaultValue={values.imageUrl} error={fieldErrors.imageUrl} />
      <div className="form-actions">
        <Link to={closeTo} className="button button--secondary" preventScrollReset replace>
          Cancel
        </Link>
        <SubmitButton pendingLabel="Saving..." intent={intent}>
          {intent === "create" ? "Create News Item" : "Update News Item"}
        </SubmitButton>
      </div>
    </Form>
  );
}
