/**
 * The proof a change that could take an account over sends with it (the /api's
 * lib/recheck.ts, docs/product.md 'Two-factor sign-in'): new recovery codes, turning
 * codes off, adding or removing a passkey. A code when one was typed, else the password.
 */
export function proofOf(fields: Record<string, unknown>): { code: string } | { password: string } {
  const code = typeof fields.code === "string" ? fields.code.trim() : "";
  if (code) return { code };
  return { password: typeof fields.password === "string" ? fields.password : "" };
}

/** The proof's fields as the forms name them, for the /api's problems (ProofFields). */
export const PROOF_LABELS = { password: "Password", code: "Code" } as const;
