import { toast } from "react-toastify/unstyled";
import type { Notice } from "./notice";

/**
 * Shows a notification in the browser (react-toastify; SPEC.md §9 limits). At most one
 * is shown: a new one replaces the current one rather than queueing behind it.
 */
export function notify(notice: Notice): void {
  toast.dismiss();
  const content = (
    <div>
      <p className="toast__title">{notice.title}</p>
      {notice.description ? <p className="toast__description">{notice.description}</p> : null}
    </div>
  );
  if (notice.kind === "error") toast.error(content);
  else toast.success(content);
}
