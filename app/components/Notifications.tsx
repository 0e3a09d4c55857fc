import { lazy, Suspense } from "react";
import { createPortal } from "react-dom";
import { loadToastify, toastHost, useToastAreaWanted } from "~/lib/notifications";

const ToastContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

/**
 * The page's toast area (docs/product.md, 'Business constants and limits': one at a time, 5 s). It mounts with the first
 * notification (an admin action's flash, a copied link), so a visit that shows none
 * downloads no toast code or styles. No transition: with one toast at a time, a new
 * one would wait for the old one's exit animation, well over a second.
 */
export function Notifications() {
  const wanted = useToastAreaWanted();
  return wanted
    ? createPortal(
        <Suspense fallback={null}>
          <ToastContainer limit={1} autoClose={5000} position="bottom-right" newestOnTop transition={false} />
        </Suspense>,
        toastHost(),
      )
    : null;
}
