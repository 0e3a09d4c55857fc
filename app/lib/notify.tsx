import type { Notice } from "./notice";

/**
 * react-toastify loads on first use, not with every page: most visits never show a
 * notification, and the home page's JavaScript budget is tight (DESIGN.md §8).
 */
export const loadToastify = () => import("react-toastify/unstyled");

/**
 * Shows a notification in the browser (react-toastify; SPEC.md §9 limits). At most one
 * is shown: a new one replaces the current one rather than queueing behind it. A toast
 * raised before the container has mounted waits in react-toastify's own queue.
 */
export function notify(notice: Notice): void {
  const content = (
    <div>
      <p className="toast__title">{notice.title}</p>
      {notice.description ? <p className="toast__description">{notice.description}</p> : null}
    </div>
  );
  void loadToastify().then(({ toast }) => {
    toast.dismiss();
    if (notice.kind === "error") toast.error(content);
    else toast.success(content);
  });
}
