import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { notify } from "../../notifications";
import { finishCeremony, runCeremony } from "./passkey-ceremony";

/**
 * A button's passkey ceremony against one resource route: the browser's part
 * (passkey-ceremony.ts), the answer handed back, then on to the page the
 * route names (the dashboard, the account again, which then lists the new passkey);
 * any failure is shown as a notice titled `failureTitle`. Plain fetch and navigate,
 * no fetcher: those are in every page's JavaScript already (docs/architecture.md, 'Budgets').
 */
export function usePasskeyCeremony(route: string, ceremony: "register" | "authenticate", failureTitle: string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  /** `fields` go with the browser's answer; `proof` (the password or a code) only with the request for a challenge. */
  async function start(fields: Record<string, string> = {}, proof: Record<string, string> = {}) {
    setBusy(true);
    try {
      const answer = await runCeremony(route, ceremony, proof);
      const intent = ceremony === "register" ? "add" : "sign-in";
      const to = await finishCeremony(route, { ...fields, ...answer, intent });
      // A sign-in loads its page afresh, so every loader (the layout's notice among them)
      // reads the new session; the account page, navigated to again, reloads them all.
      if (ceremony === "authenticate") window.location.assign(to);
      else navigate(to, { replace: true });
    } catch (error) {
      const description = error instanceof Error ? error.message : "Something went wrong. Please try again.";
      notify({ kind: "error", title: failureTitle, description });
    } finally {
      setBusy(false);
    }
  }

  return { start, busy };
}
