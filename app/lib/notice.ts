/** A notification for the administrator or visitor (texts from SPEC.md §8). */
export interface Notice {
  kind: "success" | "error";
  title: string;
  description?: string;
}
