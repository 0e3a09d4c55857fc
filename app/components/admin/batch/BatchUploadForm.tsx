import { useEffect, useRef, type FormEvent } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { CONSENT_CONFIRMATION } from "~/lib/admin/photo-texts";
import { ADD_MANY_PATH, BATCH_FILE_FIELD, captionsPath, MAX_BATCH_FILES } from "~/lib/uploads/batch";
import { UPLOAD_RULES } from "~/lib/uploads/rules";
import { useHydrated } from "~/lib/use-hydrated";
import { Field } from "../Field";
import { BatchProgress } from "./BatchProgress";
import { useBatchUploads } from "./useBatchUploads";

export interface AlbumOption {
  id: number;
  title: string;
  date: string;
}

/**
 * 'Add Images' (docs/product.md, 'Photos'). Without JavaScript the form posts every file at
 * once and the server adds them one by one; with it the page sends each file on its
 * own (useBatchUploads) and moves on to the captions once all are added. The album and
 * the consent checkbox come before the files, so the streamed form carries them first.
 */
export function BatchUploadForm({ albums, error }: { albums: readonly AlbumOption[]; error?: string }) {
  const hydrated = useHydrated();
  const uploads = useBatchUploads();
  const navigate = useNavigate();
  const files = useRef<HTMLInputElement>(null);
  const { entries } = uploads;
  const added = entries.filter((entry) => entry.stage === "added" && entry.id);
  const addedIds = added.flatMap((entry) => (entry.id ? [entry.id] : []));
  const captions = captionsPath(
    addedIds,
    [],
    added.map((entry) => entry.file.name),
  );
  const allAdded = entries.length > 0 && addedIds.length === entries.length;
  const settled = entries.every((entry) => entry.stage === "added" || entry.stage === "failed");

  useEffect(() => {
    if (allAdded) navigate(captions);
    // Once, when the last one is added.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allAdded]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const picked = files.current?.files ? [...files.current.files].slice(0, MAX_BATCH_FILES) : [];
    if (picked.length === 0) return;
    uploads.start(picked, { albumId: String(form.get("albumId") ?? ""), consent: form.get("consent") ? "on" : "" });
    if (files.current) files.current.value = "";
  }

  return (
    <>
      <form
        method="post"
        action={ADD_MANY_PATH}
        encType="multipart/form-data"
        onSubmit={hydrated ? onSubmit : undefined}
        className="card batch-form"
      >
        <Field id="batch-album" label="Album">
          {(control) => (
            <select {...control} name="albumId" defaultValue="">
              <option value="">No album</option>
              {albums.map((album) => (
                <option key={album.id} value={album.id}>{`${album.title} (${album.date})`}</option>
              ))}
            </select>
          )}
        </Field>
        <div className="field field--checkbox">
          <input type="checkbox" id="batch-consent" name="consent" />
          <label htmlFor="batch-consent">{CONSENT_CONFIRMATION}</label>
        </div>
        <Field
          id="batch-files"
          label="Photos"
          hint={`Up to ${MAX_BATCH_FILES} photos: jpg, jpeg, png or gif, straight from your phone (each less than 20MB). Large photos are made smaller before they are stored.`}
          error={error}
        >
          {(control) => (
            <input
              {...control}
              ref={files}
              type="file"
              name={BATCH_FILE_FIELD}
              multiple
              accept={UPLOAD_RULES.image.accept}
              required
            />
          )}
        </Field>
        <button type="submit" className="button">
          Upload Images
        </button>
      </form>
      {entries.length > 0 ? <BatchProgress entries={entries} retry={(key) => uploads.retry(key)} /> : null}
      {settled && !allAdded && addedIds.length > 0 ? (
        <Link to={captions} className="button">
          Continue to captions
        </Link>
      ) : null}
    </>
  );
}
