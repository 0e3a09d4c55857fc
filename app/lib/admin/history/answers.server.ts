import { z } from "zod";

/**
 * The /api's answers about revisions and preview links (docs/product.md, 'History' and
 * 'Preview links'), checked at the boundary. Ids may come as numbers or strings; the screens use strings.
 */
const idSchema = z.union([z.string().min(1).max(64), z.number().int()]).transform(String);

const bySchema = z
  .object({ id: idSchema, name: z.string() })
  .nullable()
  .optional()
  .transform((by) => by ?? null);

export const REVISION_KINDS = ["save", "autosave", "restore"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const revisionSummarySchema = z.object({
  id: idSchema,
  at: z.string(),
  by: bySchema,
  kind: z.enum(REVISION_KINDS),
  version: z.number().int().nullable().optional(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const revisionListSchema = z.array(revisionSummarySchema).max(100);

/** A field's stored value, as the screen compares it: text, or nothing. */
const fieldValueSchema = z
  .unknown()
  .transform((value) =>
    value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value),
  );

export const revisionSchema = revisionSummarySchema.extend({
  fields: z.record(z.string(), fieldValueSchema),
});
export type Revision = z.infer<typeof revisionSchema>;

/** The admin item's own name and the version the screen is opened at. */
export const adminItemHeadSchema = z.object({
  id: idSchema,
  title: z.string().optional(),
  name: z.string().optional(),
  version: z.number().int().optional(),
});

export const previewLinkSchema = z.object({
  url: z.string().min(1),
  path: z.string().regex(/^\/preview\/[^/?#]+$/),
  expiresAt: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;
