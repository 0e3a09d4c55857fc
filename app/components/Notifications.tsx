import { lazy, Suspense } from "react";
import { Notice } from "~/components/Notice";
import type { Notice as NoticeData } from "~/lib/notice";
import { loadToastify } from "~/lib/notify";
import { useHydrated } from "~/lib/use-hydrated";
import toastStyles from "react-toastify/dist/ReactToastify.css";

const ToastContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

/**
 * The page's toast area (SPEC.md §9: one at a time, 5 s) and the flash from the session.
 * The toasts' stylesheet comes with their code, once the page runs JavaScript: in the
 * server's HTML it would hold up the first paint of pages that never show a toast.
 */
export function Notifications({ notice }: { notice: NoticeData | null }) {
  const hydrated = useHydrated();
  return (
    <>
      <Notice notice={notice} />
      {hydrated ? (
        <Suspense fallback={null}>
          <link rel="stylesheet" href={toastStyles} />
          <ToastContainer limit={1} autoClose={5000} position="bottom-right" newestOnTop />
        </Suspense>
      ) : null}
    </>
  );
}
