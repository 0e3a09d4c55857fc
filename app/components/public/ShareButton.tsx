import { useEffect, useState } from "react";
import { notify } from "~/lib/notifications";
import { useHydrated } from "~/lib/use-hydrated";

const COPIED_MS = 2000;

interface Props {
  /** The permalink on this site, e.g. /news#news-3: the control without JavaScript. */
  path: string;
  /** The same link as an absolute URL, for the share sheet and the clipboard. */
  url: string;
  title: string;
  text?: string;
  /** Names what is shared, for screen readers ("Share" alone repeats on every card). */
  itemName: string;
}

/**
 * Shares one item: the browser's share sheet where there is one, otherwise the link is
 * copied. In the server's HTML (so without JavaScript) it is the plain permalink.
 */
export function ShareButton({ path, url, title, text, itemName }: Props) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const label = <span className="visually-hidden"> {itemName}</span>;

  if (!hydrated) {
    return (
      <a className="button button--secondary button--small share-button" href={path}>
        Share{label}
      </a>
    );
  }

  async function share() {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, text, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify({ kind: "success", title: "Link copied", description: "The link has been copied to your clipboard" });
    } catch (error) {
      // A dismissed share sheet or a refused clipboard: nothing for the visitor to act on.
      console.error("Share failed:", error);
    }
  }

  return (
    <button type="button" className="button button--secondary button--small share-button" onClick={share}>
      {copied ? "Copied!" : "Share"}
      {label}
    </button>
  );
}
