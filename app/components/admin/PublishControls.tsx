import { useNavigation } from "@remix-run/react";
import { TextField, type FieldOfForm } from "./Field";
import { SAVE_DRAFT, SCHEDULE } from "~/lib/admin/publishing/states";
import type { FormPublishing } from "~/lib/admin/forms/list-screen";

interface Props {
  publishing: FormPublishing;
  /** The time a 'Schedule…' save publishes at, typed in the site's time zone. */
  publishAt: FieldOfForm;
  /** The dialog's intent, so only this form's buttons wait while it is sent. */
  intent: string;
}

/**
 * The two saves beside the product spec's own button (docs/product.md, 'Publishing'): 'Save
 * draft' and 'Schedule…' with its time. They come after that button in the form, so Enter
 * in a field still saves as the product spec says. Plain submit buttons named `status`:
 * the same with and without JavaScript. The form also carries the version and state it was
 * opened at.
 */
export function PublishControls({ publishing, publishAt, intent }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const pressed = sending ? navigation.formData?.get("status") : null;
  return (
    <fieldset className="publish-controls">
      <legend>Publishing</legend>
      <input type="hidden" name="version" value={publishing.version} />
      <input type="hidden" name="state" value={publishing.state} />
      <div className="publish-controls__row">
        <button type="submit" name="status" value="draft" className="button button--secondary" disabled={sending}>
          {pressed === "draft" ? "Saving..." : SAVE_DRAFT}
        </button>
      </div>
      <div className="publish-controls__row">
        <TextField
          {...publishAt}
          type="datetime-local"
          hint={`For 'Schedule…': when it goes public, in the club's time (${publishing.timeZone}).`}
        />
        <button type="submit" name="status" value="scheduled" className="button button--secondary" disabled={sending}>
          {pressed === "scheduled" ? "Saving..." : SCHEDULE}
        </button>
      </div>
    </fieldset>
  );
}
