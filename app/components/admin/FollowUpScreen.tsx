import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pager } from "~/components/Pager";
import type { FormFailure } from "~/lib/admin/forms/form-failure";
import type { GalleryImage } from "~/lib/upstream/answers.server";
import type { PageInfo } from "~/lib/paging/pages";
import { AdminNotification } from "./AdminNotification";
import { AdminPage } from "./AdminPage";
import { GalleryImagePreview } from "./GalleryTable";
import { SubmitButton } from "./SubmitButton";

interface Props {
  title: string;
  /** The screen's own address (paging links, the form's action). */
  path: string;
  images: readonly GalleryImage[];
  paging: PageInfo;
  failed: FormFailure | undefined;
  /** Shown when no image needs this any more. */
  empty: string;
  /** Above the list, inside the form (the reminder, or nothing). */
  intro?: ReactNode;
  /** What each image's row holds beside its thumbnail: its field. */
  row: (image: GalleryImage) => ReactNode;
  /** Below the list, before the button (the consent confirmation). */
  footer?: ReactNode;
  submitLabel: string;
}

/**
 * A gallery follow-up screen (docs/product.md, 'Photos'): a page of images, each with its
 * thumbnail, its caption and its field, saved together by one plain form, so it works the same
 * without JavaScript.
 */
export function FollowUpScreen(props: Props) {
  const { title, path, images, paging, failed, empty, intro, row, footer, submitLabel } = props;
  return (
    <AdminPage title={title} backLink={{ to: "/admin/gallery", label: "Manage Gallery" }}>
      <AdminNotification notice={failed?.notice} />
      {images.length === 0 ? (
        <p className="empty-text">{empty}</p>
      ) : (
        <Form method="post" action={`${path}${paging.page > 1 ? `?page=${paging.page}` : ""}`} className="admin-form">
          {intro}
          <ul className="follow-up-list">
            {images.map((image) => (
              <li key={image.id} className="card follow-up-item">
                <GalleryImagePreview image={image} />
                <div>{row(image)}</div>
              </li>
            ))}
          </ul>
          {footer}
          <div className="form-actions">
            <SubmitButton pendingLabel="Saving...">{submitLabel}</SubmitButton>
          </div>
        </Form>
      )}
      <Pager pathname={path} noun="images" {...paging} />
    </AdminPage>
  );
}
