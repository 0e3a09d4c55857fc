import { Form, Link } from "@remix-run/react";
import { CAPTION_HINT, DESCRIPTION_LABEL, NO_NAMES_REMINDER } from "~/lib/admin/photo-texts";
import { refusalWords, type RefusedFile } from "~/lib/uploads/batch";
import { Field } from "../Field";
import { SubmitButton } from "../SubmitButton";

interface Props {
  /** In the album's order; `fileName` as the batch carried it ('' when it did not). */
  images: ReadonlyArray<{ id: number; imageUrl: string; caption: string; altText: string; fileName: string }>;
  refused: readonly RefusedFile[];
  errors?: Readonly<Record<string, string>>;
  /** What was typed, when the save was refused. */
  posted?: Readonly<Record<string, string>>;
}

/** The two hints, said once above the cards and linked to every field they describe. */
const CAPTION_HINT_ID = "batch-caption-hint";
const DESCRIPTION_HINT_ID = "batch-description-hint";

/**
 * After a batch (docs/product.md, 'Photos'): the files that were not added and why, then one
 * form with a card for each photo added, in the album's order: its thumbnail, its file's
 * name, a caption and a description. The cards sit in a grid (admin-batch.css) so ten photos
 * are a screen or two on a laptop, and compact in one column on a phone.
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
          <div className="batch-captions__hints">
            <p id={CAPTION_HINT_ID}>Caption: {CAPTION_HINT}</p>
            <p id={DESCRIPTION_HINT_ID}>
              {DESCRIPTION_LABEL}: {NO_NAMES_REMINDER}
            </p>
          </div>
          <div className="batch-captions__grid">
            {images.map((image, i) => (
              <div
                key={image.id}
                role="group"
                aria-labelledby={`photo-${image.id}-title`}
                className="card card__body batch-caption"
              >
                <div className="batch-caption__head">
                  <img src={`${image.imageUrl}?w=480`} alt="" width={96} height={96} loading="lazy" decoding="async" />
                  <p id={`photo-${image.id}-title`} className="batch-caption__title">
                    <strong>{`Photo ${i + 1} of ${images.length}`}</strong>
                    {image.fileName ? <span className="batch-caption__file">{image.fileName}</span> : null}
                  </p>
                </div>
                <CaptionText
                  name={`caption-${image.id}`}
                  label="Caption"
                  hintId={CAPTION_HINT_ID}
                  defaultValue={valueOf(`caption-${image.id}`, image.caption)}
                  error={errors[`caption-${image.id}`]}
                />
                <CaptionText
                  name={`altText-${image.id}`}
                  label={DESCRIPTION_LABEL}
                  hintId={DESCRIPTION_HINT_ID}
                  defaultValue={valueOf(`altText-${image.id}`, image.altText)}
                  error={errors[`altText-${image.id}`]}
                />
              </div>
            ))}
          </div>
          <SubmitButton pendingLabel="Saving...">Save captions</SubmitButton>
        </Form>
      ) : (
        <p>No photos were added.</p>
      )}
      <Link to="/admin/gallery">Back to the gallery</Link>
    </>
  );
}

/** A two-line text box whose hint is the shared one above the cards. */
function CaptionText(props: { name: string; label: string; hintId: string; defaultValue: string; error?: string }) {
  const { name, label, hintId, defaultValue, error } = props;
  return (
    <Field id={name} label={label} error={error}>
      {(control) => (
        <textarea
          rows={2}
          name={name}
          defaultValue={defaultValue}
          {...control}
          aria-describedby={[hintId, control["aria-describedby"]].filter(Boolean).join(" ")}
        />
      )}
    </Field>
  );
}
