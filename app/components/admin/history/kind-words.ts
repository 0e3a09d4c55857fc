import type { RevisionKind } from "~/lib/admin/history/answers.server";

/** Each revision's kind as the History list names it (docs/product.md, 'History'). */
export const KIND_WORDS: Record<RevisionKind, string> = { save: "Save", autosave: "Autosave", restore: "Restore" };
