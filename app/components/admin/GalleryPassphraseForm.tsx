import { Form } from "@remix-run/react";
import { SubmitButton } from "./SubmitButton";

/** Where the forms post (app/routes/admin.settings.gallery-passphrase.tsx). */
export const GALLERY_PASSPHRASE_ACTION = "/admin/settings/gallery-passphrase";
export const GALLERY_PASSPHRASE_LABEL = "Gallery passphrase";

/**
 * The site setting that opens parents-only albums to the club's families (docs/product.md,
 * 'Photos'), for the Administrator's committee screen: a new passphrase, or removing it.
 * Plain forms, so they work without JavaScript.
 */
export function GalleryPassphraseForm({ set }: { set: boolean }) {
  return (
    <>
      <p>
        {set
          ? "A gallery passphrase is set. Parents who enter it see the parents-only albums for 30 days on that browser."
          : "No gallery passphrase is set: the parents-only albums are shown to nobody outside the committee."}
      </p>
      <Form method="post" action={GALLERY_PASSPHRASE_ACTION} className="gallery-passphrase">
        <div className="field">
          <label className="field__label" htmlFor="gallery-passphrase">
            {set ? "New gallery passphrase" : GALLERY_PASSPHRASE_LABEL}
          </label>
          <input
            id="gallery-passphrase"
            name="passphrase"
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={200}
            required
            aria-describedby="gallery-passphrase-hint"
          />
          <p id="gallery-passphrase-hint" className="field__hint">
            At least 8 characters. Changing it ends every parent&apos;s access until they enter the new one.
          </p>
        </div>
        <SubmitButton pendingLabel="Saving..." className="button button--secondary">
          Save passphrase
        </SubmitButton>
      </Form>
      {set ? (
        <Form method="post" action={GALLERY_PASSPHRASE_ACTION}>
          <input type="hidden" name="remove" value="1" />
          <SubmitButton pendingLabel="Removing..." className="button button--danger">
            Remove passphrase and lock parents-only albums
          </SubmitButton>
        </Form>
      ) : null}
    </>
  );
}
