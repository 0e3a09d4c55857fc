import { useEffect } from "react";
import type { Notice as NoticeData } from "~/lib/notice";
import { notify } from "~/lib/notify";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * One notification. In the server's HTML (so without JavaScript) it is a status or
 * alert region on the page; once React runs, it is shown as a toast instead.
 */
export function Notice({ notice }: { notice: NoticeData | null | undefined }) {
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
