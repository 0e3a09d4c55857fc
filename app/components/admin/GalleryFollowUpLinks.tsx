import { Link } from "@remix-run/react";
import { consentNotRecordedText, FOLLOW_UP_PATHS, withoutDescriptionText } from "~/lib/admin/gallery/follow-up";

interface Props {
  /** Null: the upstream cannot tell (it has no follow-up calls). */
  counts: { withoutDescription: number; consentNotRecorded: number } | null;
}

/**
 * Above Manage Gallery's table (docs/product.md, 'Photos'): how many images still need a
 * description or a consent record, each linking to the screen that lists them.
 */
export function GalleryFollowUpLinks({ counts }: Props) {
  if (!counts || (counts.withoutDescription === 0 && counts.consentNotRecorded === 0)) return null;
  return (
    <ul className="follow-up-links" aria-label="Images to follow up">
      {counts.withoutDescription > 0 ? (
        <li>
          <Link to={FOLLOW_UP_PATHS.description}>{withoutDescriptionText(counts.withoutDescription)}</Link>
        </li>
      ) : null}
      {counts.consentNotRecorded > 0 ? (
        <li>
          <Link to={FOLLOW_UP_PATHS.consent}>{consentNotRecordedText(counts.consentNotRecorded)}</Link>
        </li>
      ) : null}
    </ul>
  );
}
