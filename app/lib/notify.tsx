import { toast } from "react-toastify/unstyled";
import type { Notice } from "./notice";

/** Shows a notification in the browser (react-toastify; SPEC.md §9 limits). */
export function notify(notice: Notice): void {
  const content = (
    <div>
      <p className="toast__title">{notice.title}</p>
      {notice.description ? <p className="toast__description">{notice.description}</p> : null}
    </div>
  );
  if (notice.kind === "error") toast.error(content);
  else toast.success(content);
}
