/**
 * The committee's two roles (docs/product.md, 'The committee'): an Administrator can do everything,
 * people and site settings included; an Editor manages the content only.
 */
export const ROLES = ["administrator", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { administrator: "Administrator", editor: "Editor" };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
