import { ToastContainer } from "react-toastify/unstyled";
import { Notice } from "~/components/Notice";
import type { Notice as NoticeData } from "~/lib/notice";

/** The page's toast area (SPEC.md §9: one at a time, 5 s) and the flash from the session. */
export function Notifications({ notice }: { notice: NoticeData | null }) {
  return (
    <>
      <Notice notice={notice} />
      <ToastContainer limit={1} autoClose={5000} position="top-right" newestOnTop />
    </>
  );
}
