import { useEffect } from "react";
import { notify, type Notice } from "~/lib/notifications";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * One notification of the admin area (an action's result). In the server's HTML (so without JavaScript) it is a status or
 * alert region on the page; once React runs, it is shown as a toast instead.
 */
export function AdminNotification({ notice }: { notice: Notice | null | undefined }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && notice) notify(notice);
  }, [hydrated, notice]);

  if (!notice || hydrated) return null;
  return (
    <div className={`flash flash--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
      <p className="flash__title">{notice.title}</p>
      {notice.description ? <p>{notice.description}</p> : null}
    </div>
  );
}
