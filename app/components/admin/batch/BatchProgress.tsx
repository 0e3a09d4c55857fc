import type { BatchEntry, Stage } from "./useBatchUploads";

/** What each stage says beside a file's bar. */
const STAGE_WORDS: Record<Stage, string> = {
  waiting: "Waiting",
  sending: "Uploading",
  stored: "Uploaded",
  adding: "Adding to the gallery",
  added: "Added",
  failed: "Failed",
};

/**
 * The files of a batch as they go (docs/product.md, 'Photos'): a bar each, a failed one's
 * words and its 'Retry' button. Screen readers hear the polite count, not every bar.
 */
export function BatchProgress({ entries, retry }: { entries: readonly BatchEntry[]; retry(key: number): void }) {
  const added = entries.filter((entry) => entry.stage === "added").length;
  const failed = entries.filter((entry) => entry.stage === "failed").length;
  return (
    <div className="batch-progress">
      <p role="status" aria-live="polite" className="batch-progress__summary">
        {`${added} of ${entries.length} photos added`}
        {failed > 0 ? `, ${failed} failed` : ""}
      </p>
      <ol className="batch-progress__files">
        {entries.map((entry) => (
          <li key={entry.key} className={`batch-file batch-file--${entry.stage}`} data-stage={entry.stage}>
            <span className="batch-file__name">{entry.file.name}</span>
            <progress max={1} value={entry.progress} aria-label={`Upload of ${entry.file.name}`} />
            <span className="batch-file__stage">{STAGE_WORDS[entry.stage]}</span>
            {entry.stage === "failed" ? (
              <span className="batch-file__error">
                {entry.error}
                {entry.final ? null : (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => retry(entry.key)}
                    aria-label={`Retry ${entry.file.name}`}
                  >
                    Retry
                  </button>
                )}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
