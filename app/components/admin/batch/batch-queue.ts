import { photoToSend } from "~/lib/uploads/photo-to-send";
import { checkUploadType } from "~/lib/uploads/rules";
import { BATCH_CREATE_ENDPOINT, UPLOADS_AT_ONCE } from "~/lib/uploads/batch";
import { createImage, sendFile } from "./send-file";

/**
 * The page's uploader for many photos (docs/product.md, 'Photos'): each file goes on its own,
 * two at a time, with its progress; a failed one waits for 'Retry'. Files are sent in
 * any order but made gallery images strictly in the order they were picked (each waits
 * for the ones before it to be added or to have failed), so the album's order is the
 * file order. Nothing here holds the page: every other control stays usable.
 */

export type Stage = "waiting" | "sending" | "stored" | "adding" | "added" | "failed";

export interface BatchEntry {
  key: number;
  file: File;
  stage: Stage;
  /** 0–1 of the file's bytes sent. */
  progress: number;
  imageUrl?: string;
  id?: number;
  error?: string;
  /** A file the checks refuse (type, size): trying again cannot help it. */
  final?: boolean;
  /** Its batch's album and consent, as the form said when it was started. */
  fields: Readonly<Record<string, string>>;
}

export class BatchQueue {
  entries: BatchEntry[] = [];
  private adding = false;

  /** `changed` is called after every change, for the page to show it. */
  constructor(private readonly changed: () => void) {}

  start(files: readonly File[], fields: Record<string, string>): void {
    const first = this.entries.length;
    const added = files.map((file, i): BatchEntry => {
      // The size is judged once the photo is shrunk, as it is sent.
      const problem = checkUploadType("image", file);
      if (!problem) return { key: first + i, file, fields, stage: "waiting", progress: 0 };
      const error = `${problem.title}: ${problem.description ?? ""}`;
      return { key: first + i, file, fields, stage: "failed", progress: 0, error, final: true };
    });
    this.entries = [...this.entries, ...added];
    this.changed();
    this.sendMore();
  }

  retry(key: number): void {
    const entry = this.entries.find((candidate) => candidate.key === key);
    if (!entry || entry.stage !== "failed" || entry.final) return;
    // A file already stored only needs adding; the others are sent again.
    if (entry.imageUrl) {
      this.update(entry, { stage: "stored", error: undefined });
      void this.addInOrder();
    } else {
      this.update(entry, { stage: "waiting", progress: 0, error: undefined });
      this.sendMore();
    }
  }

  private update(entry: BatchEntry, change: Partial<BatchEntry>): void {
    Object.assign(entry, change);
    this.changed();
  }

  private sendMore(): void {
    const sending = this.entries.filter((entry) => entry.stage === "sending").length;
    const waiting = this.entries.filter((entry) => entry.stage === "waiting");
    for (const entry of waiting.slice(0, Math.max(0, UPLOADS_AT_ONCE - sending))) {
      this.update(entry, { stage: "sending", progress: 0, error: undefined });
      void this.send(entry).then(() => {
        this.sendMore();
        void this.addInOrder();
      });
    }
  }

  /** Shrinks a phone's photo (photo-to-send.ts), then sends it; a photo still too large fails for good. */
  private async send(entry: BatchEntry): Promise<void> {
    const prepared = await photoToSend("image", entry.file);
    if ("problem" in prepared) {
      const { title, description = "" } = prepared.problem;
      this.update(entry, { stage: "failed", error: `${title}: ${description}`, final: true });
      return;
    }
    // A retry sends the shrunk photo again, without shrinking it twice.
    entry.file = prepared.file;
    const sent = await sendFile(entry.file, (progress) => this.update(entry, { progress }));
    this.update(
      entry,
      "imageUrl" in sent
        ? { stage: "stored", progress: 1, imageUrl: sent.imageUrl }
        : { stage: "failed", error: sent.error },
    );
  }

  /** Adds the first entry not yet settled, once it is stored, and so on down the list. */
  private async addInOrder(): Promise<void> {
    if (this.adding) return;
    this.adding = true;
    try {
      for (;;) {
        const next = this.entries.find((entry) => entry.stage !== "added" && entry.stage !== "failed");
        if (!next || next.stage !== "stored" || !next.imageUrl) return;
        this.update(next, { stage: "adding" });
        const made = await createImage(BATCH_CREATE_ENDPOINT, { ...next.fields, imageUrl: next.imageUrl });
        this.update(next, "id" in made ? { stage: "added", id: made.id } : { stage: "failed", error: made.error });
      }
    } finally {
      this.adding = false;
    }
  }
}
