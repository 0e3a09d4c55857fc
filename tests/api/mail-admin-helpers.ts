import type { TestApi } from "./helpers";
import { insertSubscribers } from "./mail-subscribers";

/**
 * A subscriber written straight into the store: subscribing is another part's call, and
 * the Mail screen's tests need subscribers in every state. Answers their id.
 */
export async function seedSubscriber(
  t: TestApi,
  email: string,
  options: { confirmed?: boolean; hardBounces?: number; consentText?: string; createdAt?: string } = {},
): Promise<number> {
  const createdAt = options.createdAt ?? t.clock.now().toISOString();
  const [id] = await insertSubscribers(t.api.store.db, [{ email, frequency: "weekly", ...options, createdAt }]);
  return id;
}

/** A message in the outbox in a given state, written straight into the store; answers its id. */
export async function seedOutbox(
  t: TestApi,
  key: string,
  options: { to?: string; state?: "queued" | "sent" | "failed"; subscriberId?: number; lastError?: string } = {},
): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.api.store.db
    .insertInto("mail_outbox")
    .values({
      key,
      kind: "post",
      to_address: options.to ?? "parent@example.org",
      subscriber_id: options.subscriberId ?? null,
      subject: `Subject ${key}`,
      text_body: "text",
      html_body: "<p>html</p>",
      list_unsubscribe: null,
      message_id: `<${key}@example.org>`,
      state: options.state ?? "queued",
      due_at: now,
      attempts: options.state === "failed" ? 5 : options.state === "sent" ? 1 : 0,
      last_error: options.lastError ?? null,
      sent_at: options.state === "sent" ? now : null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
