import { lazy, Suspense } from "react";
import { createPortal } from "react-dom";
import { loadToastify, useToastAreaWanted } from "~/lib/notify";

const ToastContainer = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: ToastContainer })));

let host: HTMLDivElement | undefined;

/**
 * The element the toast area is drawn into: a child of <body> of its own, so that an
 * open modal dialog can take it in (ModalFrame). The dialog hides the rest of the page
 * from screen readers, and a notice raised meanwhile must still be heard.
 */
export function toastHost(): HTMLDivElement {
  if (!host) {
    host = document.createElement("div");
    document.body.append(host);
  }
  return host;
}

/**
 * The page's toast area (SPEC.md §9: one at a time, 5 s). It mounts with the first
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
