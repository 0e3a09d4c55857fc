import { DialogContent, DialogOverlay } from "@reach/dialog";
import { useActionData } from "@remix-run/react";
import { setNonce } from "get-nonce";
import { useEffect, useRef, type ReactNode } from "react";
import { toastHost } from "~/lib/notifications";

// The modal's scroll lock (react-remove-scroll, inside @reach/dialog) injects a <style>;
// the CSP admits it only with this page's nonce, which the server put on its scripts.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

/**
 * Takes the toast area into the dialog while it is open, and gives it back to <body>
 * when it closes. @reach/dialog hides everything outside the dialog from screen readers
 * (aria-hidden on <body>'s other children, set after this ref has run), so a notice
 * raised meanwhile, a failed save or an upload error, is announced only from in here.
 * Moving the element keeps the toast shown at the time; React only draws into it.
 */
function holdToasts(slot: HTMLDivElement | null) {
  (slot ?? document.body).append(toastHost());
}

interface Props {
  labelledBy: string;
  className: string;
  onDismiss: () => void;
  children: ReactNode;
}

/**
 * The modal around a URL dialog's content: focus trap, Escape, inert background.
 * Its own module so that UrlDialog can load it when a dialog first opens, keeping
 * @reach/dialog out of the JavaScript every visitor downloads.
 */
export default function ModalFrame({ labelledBy, className, onDismiss, children }: Props) {
  const content = useRef<HTMLDivElement>(null);
  const failed = useActionData();

  // After a failed save the first field in error takes the focus, so the administrator
  // lands on what to fix (Field marks it aria-invalid). A save that failed without a
  // field to blame leaves the focus where it was.
  useEffect(() => {
    if (failed) content.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);

  return (
    <DialogOverlay isOpen onDismiss={onDismiss}>
      <DialogContent ref={content} aria-labelledby={labelledBy} className={className}>
        {children}
        <div ref={holdToasts} />
      </DialogContent>
    </DialogOverlay>
  );
}
