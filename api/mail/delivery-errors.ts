/**
 * What a failed delivery means (docs/product.md, 'E-mail'): a 5xx answer is permanent
 * (the message fails at once, and counts as a hard bounce); anything else (a 4xx, a refused
 * connection, a timeout) is temporary and tried again after a growing pause.
 */
const MINUTE = 60_000;
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 720 * MINUTE] as const;

export type DeliveryFailure =
  | { kind: "permanent"; message: string }
  /** `serverDown`: no SMTP conversation took place, so the other messages would fail alike. */
  | { kind: "temporary"; message: string; serverDown: boolean };

/** nodemailer's error codes for failing to reach or talk to the server at all. */
const CONNECTION_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ETLS", "EAUTH", "EPROTOCOL"]);

export function classifyFailure(error: unknown): DeliveryFailure {
  const fault = error as { responseCode?: unknown; code?: unknown; response?: unknown; message?: unknown };
  const code = typeof fault.code === "string" ? fault.code : null;
  const responseCode = typeof fault.responseCode === "number" ? fault.responseCode : null;
  const said = typeof fault.response === "string" ? fault.response : String(fault.message ?? error);
  const message = said.replace(/\s+/g, " ").trim();
  if (responseCode !== null && responseCode >= 500 && responseCode < 600 && code !== "EAUTH") {
    return { kind: "permanent", message };
  }
  const serverDown = responseCode === null || responseCode === 421 || (code !== null && CONNECTION_CODES.has(code));
  return { kind: "temporary", message, serverDown };
}

/** When to try again after the `attempts`-th failed try (1-based), or null: give up. */
export function retryAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
