import { useNavigation } from "@remix-run/react";
import { TextField, type FieldOfForm } from "./Field";
import { SAVE_DRAFT, SCHEDULE } from "~/lib/admin/publishing/states";
import type { FormPublishing } from "~/lib/admin/forms/list-screen";

/*
 * The two saves beside the product spec's own button (publishing): 'Save
 * draft' and 'Schedule…' with its time. Plain submit buttons named `status`, the same with
 * and without JavaScript. They follow that button in the form, so it stays the form's
 * default: Enter in a field saves as the product spec says.
 */

interface TimeProps {
  publishing: FormPublishing;
  /** The time a 'Schedule…' save publishes at, typed in the site's time zone. */
  publishAt: FieldOfForm;
}

/** The time 'Schedule…' publishes at, and the version and state the form was opened at (sent back with it). */
export function PublishTimeField({ publishing, publishAt }: TimeProps) {
  return (
    <fieldset className="publish-controls">
      <legend>Publishing</legend>
      <input type="hidden" name="version" value={publishing.version} />
      <input type="hidden" name="state" value={publishing.state} />
      <TextField
        {...publishAt}
        type="datetime-local"
        hint={`For 'Schedule…': when it goes public, in the club's time (${publishing.timeZone}).`}
      />
    </fieldset>
  );
}

/** 'Save draft' and 'Schedule…'; the pressed one reads 'Saving...' while its form is sent. */
export function PublishButtons({ intent }: { intent: string }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const pressed = sending ? navigation.formData?.get("status") : null;
  return (
    <>
      <button type="submit" name="status" value="draft" className="button button--secondary" disabled={sending}>
        {pressed === "draft" ? "Saving..." : SAVE_DRAFT}
      </button>
      <button type="submit" name="status" value="scheduled" className="button button--secondary" disabled={sending}>
        {pressed === "scheduled" ? "Saving..." : SCHEDULE}
      </button>
    </>
  );
}
