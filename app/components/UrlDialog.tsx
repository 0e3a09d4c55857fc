import { Link, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useId, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const loadModalFrame = () => import("./ModalFrame");
const ModalFrame = lazy(loadModalFrame);

/**
 * Starts fetching the modal's code when a visitor is about to open a dialog (pointer
 * over or focus on its link), so it is usually there by the click.
 */
export function preloadDialog(): void {
  void loadModalFrame();
}

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
 * A dialog whose open state is the URL (?book=ID, ?edit=ID…, docs/architecture.md, 'The web app (app/)'). With
 * JavaScript it is a modal (ModalFrame, whose code loads when first needed); in the
 * server's HTML, and so without JavaScript, it is the same content inline. In the modal
 * the header stays put and the body scrolls (controls.css), so a long form never pushes
 * the title out of view.
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
      <div className="dialog__body">{children}</div>
    </>
  );

  const inline = (
    <section className={`dialog-inline ${className}`} role="dialog" aria-labelledby={titleId}>
      {body}
    </section>
  );
  if (!hydrated) return inline;
  return (
    <Suspense fallback={null}>
      <ModalFrame
        labelledBy={titleId}
        className={`${className} ${contentClassName}`}
        onDismiss={() => navigate(closeTo, { preventScrollReset: true, replace: true })}
      >
        {body}
      </ModalFrame>
    </Suspense>
  );
}
