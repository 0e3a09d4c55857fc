import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** docs/product.md, 'No edit lost': every 30 seconds while there are unsaved changes. */
export const AUTOSAVE_EVERY_MS = 30_000;

export interface WaitingAutosave {
  when: string;
  fields: Record<string, string>;
}

/** Only an existing news item, edited on Manage News, has an autosave: its dialog's form says which. */
function itemOf(form: HTMLFormElement | null, pathname: string): string | null {
  if (!form || pathname !== "/admin/news") return null;
  const data = new FormData(form);
  const id = data.get("id");
  return data.get("intent") === "update" && typeof id === "string" && id ? id : null;
}

/** The form's text fields as they are now, without files: what an autosave sends. */
function fieldsOf(form: HTMLFormElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/**
 * Keeps the surrounding form's autosave on the server: every 30 seconds, when the form
 * differs from what was last kept (or from what it opened with), its fields go to the
 * app's autosave route. On opening, asks once for an autosave of this person's that is
 * waiting, for the dialog to offer back. The timer is the browser's.
 */
export function useAutosave(anchor: RefObject<HTMLElement>) {
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState<WaitingAutosave | null>(null);
  const [status, setStatus] = useState("");
  const kept = useRef<string | null>(null);
  const openedVersion = useRef<string | null>(null);
  const route = useRef<string | null>(null);

  useEffect(() => {
    const form = anchor.current?.closest("form") ?? null;
    const id = itemOf(form, pathname);
    if (!form || !id) return;
    const address = `/admin/news/${encodeURIComponent(id)}/autosave`;
    route.current = address;
    kept.current = fieldsOf(form).toString();
    let live = true;
    fetch(address, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((offer: { version: number | null; autosave: WaitingAutosave | null } | null) => {
        if (!live || !offer) return;
        openedVersion.current = offer.version === null ? null : String(offer.version);
        if (offer.autosave) setWaiting(offer.autosave);
      })
      .catch(() => undefined);

    const tick = () => {
      const fields = fieldsOf(form);
      const now = fields.toString();
      if (now === kept.current) return;
      if (!fields.has("version") && openedVersion.current) fields.set("version", openedVersion.current);
      fetch(address, { method: "POST", body: fields, headers: { Accept: "application/json" } })
        .then(async (response) => {
          const answer = (await response.json()) as { when?: string; message?: string };
          if (!live) return;
          if (response.ok) {
            kept.current = now;
            setStatus(`Autosaved at ${answer.when ?? ""}`);
          } else {
            setStatus(answer.message ? `Not autosaved: ${answer.message}` : "Not autosaved");
          }
        })
        .catch(() => live && setStatus("Not autosaved: the site could not be reached"));
    };
    const timer = window.setInterval(tick, AUTOSAVE_EVERY_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [anchor, pathname]);

  const discard = useCallback(() => setWaiting(null), []);
  return { waiting, discard, status };
}

/**
 * Puts an autosave's values back into the form's own inputs (not the rich text, which
 * its field redraws), as if typed, so the form's library hears of them.
 */
export function fillForm(form: HTMLFormElement, fields: Record<string, string>, skip: string): void {
  for (const [name, value] of Object.entries(fields)) {
    if (name === skip) continue;
    const input = form.elements.namedItem(name);
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
    if (input.type === "hidden" || input.type === "file") continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), "value")?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
