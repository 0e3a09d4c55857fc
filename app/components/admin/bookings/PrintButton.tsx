import { useHydrated } from "~/lib/use-hydrated";

/**
 * 'Print the door list': a button once JavaScript runs; without it, the words for the
 * browser's own Print, which prints the same clipboard layout (admin-bookings.css).
 */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="door-hint">
        To print the door list, use your browser&apos;s Print command: it prints as a list with tick boxes.
      </p>
    );
  }
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      Print the door list
    </button>
  );
}
