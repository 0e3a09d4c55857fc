import type { TestApi } from "./helpers";

/**
 * A subscriber written straight into the store: subscribing is another part's call, and
 * the Mail screen's tests need subscribers in every state. Answers their id.
 */
export async function seedSubscriber(
  t: TestApi,
  email: string,
  options: { confirmed?: boolean; hardBounces?: number; consentText?: string; createdAt?: string } = {},
): Promise<number> {
  const now = options.createdAt ?? t.clock.now().toISOString();
  const row = await t.api.store.db
    .insertInto("subscribers")
    .values({
      email,
      email_key: email.toLowerCase(),
      news: 1,
      events: 0,
      frequency: "weekly",
      manage_token: `manage-${email}`,
      confirm_token_hash: options.confirmed === false ? `hash-${email}` : null,
      consent_version: "2026-11",
      consent_text: options.consentText ?? "We use your address only to send what you chose.",
      created_at: now,
      confirmed_at: options.confirmed === false ? null : now,
      hard_bounces: options.hardBounces ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
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
