import type { WaitingAutosave } from "./use-autosave";

interface Props {
  waiting: WaitingAutosave;
  onRestore: () => void;
  onDiscard: () => void;
}

/** The offer of an autosave waiting from a closed tab or a crash (docs/product.md, 'No edit lost'). */
export function AutosaveOfferCard({ waiting, onRestore, onDiscard }: Props) {
  return (
    <div className="autosave-offer" role="alert">
      <p>{`You have unsaved changes from ${waiting.when}. Restore them?`}</p>
      <div className="autosave-offer__actions">
        <button type="button" className="button button--small" onClick={onRestore}>
          Restore
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
