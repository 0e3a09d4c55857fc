import { z } from "zod";
import { notFound } from "../../not-found.server";
import { PAGE_NUMBER } from "../../paging/page-number";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { OUTBOX_STATES, type OutboxState } from "./mail-words";

/** The /api's answers for the Mail screen (docs/product.md, 'E-mail'). */
const mailSchema = z.object({
  configured: z.boolean(),
  from: z.string(),
  lastSentAt: z.string().nullable(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  queued: z.number(),
  failed: z.number(),
  subscribers: z.object({ confirmed: z.number(), pending: z.number(), bouncing: z.number() }),
});
export type MailSummary = z.infer<typeof mailSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pages: z.number() });

const outboxSchema = pageOf(
  z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    kind: z.string(),
    state: z.string(),
    attempts: z.number(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);
export type OutboxRow = z.infer<typeof outboxSchema>["items"][number];

const subscribersSchema = pageOf(
  z.object({
    id: z.number(),
    email: z.string(),
    news: z.boolean(),
    events: z.boolean(),
    frequency: z.string(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    hardBounces: z.number(),
    stoppedAt: z.string().nullable(),
  }),
);
export type SubscriberRow = z.infer<typeof subscribersSchema>["items"][number];

/** The longest address a search may hold (the /api's own limit). */
export const FIND_MAX = 254;

/**
 * What the screen's address asks for: the outbox's page (`page`) and state, the
 * subscribers' page (`subscribers`) and search (`q`). Whatever is not one of those is
 * dropped here; a page number that is not one is not found, as on every list.
 */
export interface MailView {
  page: number;
  state: OutboxState | null;
  subscribersPage: number;
  q: string;
}

function pageParam(raw: string | null): number {
  if (raw === null) return 1;
  if (!PAGE_NUMBER.test(raw)) notFound();
  return Number(raw);
}

export function mailViewOf(request: Request): MailView {
  const params = new URL(request.url).searchParams;
  const state = params.get("state");
  return {
    page: pageParam(params.get("page")),
    state: OUTBOX_STATES.find((known) => known === state) ?? null,
    subscribersPage: pageParam(params.get("subscribers")),
    q: (params.get("q") ?? "")
      .replace(/[\r\n\u2028\u2029]+/g, " ")
      .trim()
      .slice(0, FIND_MAX),
  };
}

/** A page past the last is not found, as the /api answers it. */
async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    throw error;
  }
}

export async function readMailScreen(admin: AdminUpstream, view: MailView) {
  const outboxQuery = new URLSearchParams({ page: String(view.page) });
  if (view.state) outboxQuery.set("state", view.state);
  const subscribersQuery = new URLSearchParams({ page: String(view.subscribersPage) });
  if (view.q) subscribersQuery.set("q", view.q);
  const [summary, outbox, subscribers] = await Promise.all([
    admin.getJson("/api/admin/mail", mailSchema),
    orNotFound(admin.getJson(`/api/admin/mail/outbox?${outboxQuery}`, outboxSchema)),
    orNotFound(admin.getJson(`/api/admin/subscribers?${subscribersQuery}`, subscribersSchema)),
  ]);
  return { summary, outbox, subscribers };
}
