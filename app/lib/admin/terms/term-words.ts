/** The term dates screen's address (docs/product.md, 'Term dates'). */
export const TERMS_PATH = "/admin/terms";

/** The stretch form's labels, by the /api's field names: every problem is told with them. */
export const TERM_LABELS = {
  name: "Name",
  startDate: "First day",
  endDate: "Last day",
} as const;

export const TERMS_EXPLAINED = "A day inside no stretch is a holiday: half-terms too.";
