import { DialogContent, DialogOverlay } from "@reach/dialog";
import { Link, useNavigate } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

interface Props {
  title: string;
  /** Where closing leads: the same page without the dialog's URL state. */
  closeTo: string;
  children: ReactNode;
  className?: string;
  /** Extra classes for the modal's box, e.g. a wider booking popup. */
  contentClassName?: string;
}

/**
 * A dialog whose open state is the URL (?book=ID, ?edit=ID…, DESIGN.md §5). With
 * JavaScript it is a modal (@reach/dialog: focus trap, Escape, inert background);
 * in the server's HTML, and so without JavaScript, it is the same content inline.
 */
export function UrlDialog({ title, closeTo, children, className = "", contentClassName = "" }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();

  const body = (
    <>
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <Link to={closeTo} className="dialog__close" preventScrollReset replace aria-label="Close">
          <span aria-hidden="true">×</span>
        </Link>
      </div>
      {children}
    </>
  );

  if (!hydrated) {
    return (
      <section className={`dialog-inline ${className}`} role="dialog" aria-labelledby={titleId}>
        {body}
      </section>
    );
  }
  return (
    <DialogOverlay isOpen onDismiss={() => navigate(closeTo, { preventScrollReset: true, replace: true })}>
      <DialogContent aria-labelledby={titleId} className={`${className} ${contentClassName}`}>
        {body}
      </DialogContent>
    </DialogOverlay>
  );
}
