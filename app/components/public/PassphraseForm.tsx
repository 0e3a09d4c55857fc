import { Form, useNavigation } from "@remix-run/react";

export const PASSPHRASE_LABEL = "Gallery passphrase";
export const PASSPHRASE_HINT = "The club gives it to parents. This browser remembers it for 30 days.";

interface Props {
  /** The refused try's message (the action's `passphraseError`), if any. */
  error?: string;
}

/**
 * The gallery passphrase, on a parents-only album's locked page (docs/product.md, 'Photos').
 * A plain form that posts to the page's own action (lib/gallery/unlock.server.ts), so it
 * works without JavaScript; the answer sets the cookie and shows the album.
 */
export function PassphraseForm({ error }: Props) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="passphrase-form" aria-labelledby="passphrase-label">
      <label id="passphrase-label" htmlFor="gallery-passphrase" className="passphrase-form__label">
        {PASSPHRASE_LABEL}
      </label>
      <p id="gallery-passphrase-hint" className="passphrase-form__hint">
        {PASSPHRASE_HINT}
      </p>
      <div className="passphrase-form__row">
        <input
          id="gallery-passphrase"
          name="passphrase"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          aria-describedby={error ? "gallery-passphrase-error gallery-passphrase-hint" : "gallery-passphrase-hint"}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Checking..." : "Show the photos"}
        </button>
      </div>
      {error ? (
        <p id="gallery-passphrase-error" className="passphrase-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
