import { Form, Link } from "@remix-run/react";
import { DESCRIPTION_LABEL, NO_NAMES_REMINDER } from "~/lib/admin/photo-texts";
import { refusalWords, type RefusedFile } from "~/lib/uploads/batch";
import { TextField } from "../Field";
import { SubmitButton } from "../SubmitButton";

interface Props {
  images: ReadonlyArray<{ id: number; imageUrl: string; caption: string; altText: string }>;
  refused: readonly RefusedFile[];
  errors?: Readonly<Record<string, string>>;
  /** What was typed, when the save was refused. */
  posted?: Readonly<Record<string, string>>;
}

/**
 * After a batch (docs/product.md, 'Photos'): the files that were not added and why, then one
 * form with a caption and a description for each photo added, in the album's order.
 */
export function BatchCaptionsForm({ images, refused, errors = {}, posted }: Props) {
  const valueOf = (name: string, stored: string) => posted?.[name] ?? stored;
  return (
    <>
      {refused.length > 0 ? (
        <div className="card batch-refused" role="alert">
          <h2>{refused.length === 1 ? "1 file was not added" : `${refused.length} files were not added`}</h2>
          <ul>
            {refused.map((file, i) => {
              const words = refusalWords(file.why);
              return (
                <li key={i}>
                  <strong>{file.name || "(no name)"}</strong>: {words.title}. {words.description}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {images.length > 0 ? (
        <Form method="post" className="batch-captions">
          <input type="hidden" name="ids" value={images.map((image) => image.id).join(".")} />
          {images.map((image, i) => (
            <fieldset key={image.id} className="card batch-captions__image">
              <legend>{`Photo ${i + 1} of ${images.length}`}</legend>
              <img src={`${image.imageUrl}?w=480`} alt="" width={240} loading="lazy" decoding="async" />
              <TextField
                name={`caption-${image.id}`}
                label="Caption"
                rows={2}
                defaultValue={valueOf(`caption-${image.id}`, image.caption)}
                error={errors[`caption-${image.id}`]}
              />
              <TextField
                name={`altText-${image.id}`}
                label={DESCRIPTION_LABEL}
                hint={NO_NAMES_REMINDER}
                rows={2}
                defaultValue={valueOf(`altText-${image.id}`, image.altText)}
                error={errors[`altText-${image.id}`]}
              />
            </fieldset>
          ))}
          <SubmitButton pendingLabel="Saving...">Save captions</SubmitButton>
        </Form>
      ) : (
        <p>No photos were added.</p>
      )}
      <Link to="/admin/gallery">Back to the gallery</Link>
    </>
  );
}
