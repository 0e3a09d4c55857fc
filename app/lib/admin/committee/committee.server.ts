import { z } from "zod";
import { ROLES } from "../../../../common/roles";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { meSchema, type Me } from "../../upstream/answers.server";

/** The /api's answers about people (docs/product.md, 'The committee'), as the committee screens read them. */
const role = z.enum(ROLES);

export const peopleSchema = z.array(
  z.object({
    id: z.number(),
    username: z.string(),
    name: z.string(),
    role,
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
    twoFactor: z.object({ totp: z.boolean(), passkeys: z.number() }),
  }),
);
export type Person = z.infer<typeof peopleSchema>[number];

export const sessionsSchema = z.array(
  z.object({
    id: z.string(),
    device: z.string(),
    signedInAt: z.string(),
    lastUsedAt: z.string().nullable(),
    current: z.boolean(),
  }),
);

/** What an invitation or reset link is for, as the join screen shows it. */
export const joinLinkSchema = z.union([
  z.object({ kind: z.literal("invitation"), name: z.string(), role }),
  z.object({ kind: z.literal("reset"), name: z.string(), username: z.string() }),
]);

/** A link just made; a reset link also names its person; `email` when it was also e-mailed (absent from an older /api). */
export const accountLinkSchema = z.object({
  path: z.string(),
  expiresAt: z.string(),
  name: z.string().optional(),
  email: z.object({ to: z.string(), setUp: z.boolean() }).optional(),
});

/** Who is signed in, or null against an upstream that does not know people (no /api/admin/me). */
export async function whoAmI(admin: AdminUpstream): Promise<Me | null> {
  try {
    return await admin.getJson("/api/admin/me", meSchema);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** A link the app shows for copying: the /api's path on the site's own origin. */
export function linkOnSite(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).href;
}

/** The words when a new password's second typing differs, or null when both match. */
export function passwordMismatch(fields: Record<string, string>, name: string, label: string): string | null {
  if ((fields[name] ?? "") === (fields.confirmPassword ?? "")) return null;
  return `${label} again does not match the ${label.toLowerCase()}`;
}
