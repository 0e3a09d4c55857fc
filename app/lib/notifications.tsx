import { useSyncExternalStore } from "react";
import toastStyles from "react-toastify/dist/ReactToastify.css";

/** A notification for the administrator or visitor (texts from docs/product.md, 'The error catalogue'). */
export interface Notice {
  kind: "success" | "error";
  title: string;
  description?: string;
}

/** Resolves once a stylesheet has loaded (or failed: toasts then show unstyled). */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

let toastify: ReturnType<typeof importToastify> | undefined;
const importToastify = () =>
  Promise.all([import("react-toastify/unstyled"), loadStylesheet(toastStyles)]).then(([module]) => module);

/**
 * react-toastify and its stylesheet load on the first notification, not with every
 * page: most visits never show one, and the public pages' JavaScript budget is tight
 * (docs/architecture.md, 'Budgets'). The stylesheet is in before the first toast is drawn.
 */
export function loadToastify() {
  toastify ??= importToastify();
  return toastify;
}

let host: HTMLDivElement | undefined;

/**
 * The element the toast area (Notifications) is drawn into: a child of <body> of its
 * own, so that an open modal dialog can take it in (ModalFrame). The dialog hides the
 * rest of the page from screen readers, and a notice raised meanwhile must be heard.
 */
export function toastHost(): HTMLDivElement {
  host ??= document.body.appendChild(document.createElement("div"));
  return host;
}

let toastAreaWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the page has had a notification to show, so the toast area mounts then. */
export function useToastAreaWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toastAreaWanted,
    () => false,
  );
}

/**
 * Shows a notification in the browser (react-toastify; docs/product.md, 'Business constants and limits' limits). At most one
 * is shown: a new one replaces the current one at once, since toasts have no exit
 * animation to wait for (Notifications). A toast raised before the toast area has
 * mounted waits in react-toastify's own queue.
 */
export function notify(notice: Notice): void {
  if (!toastAreaWanted) {
    toastAreaWanted = true;
    for (const listener of listeners) listener();
  }
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
