import { Hono } from "hono";
import { z } from "zod";
import { TEXT_LIMITS, tooLong } from "../../../common/text-limits";
import { queueMail } from "../../mail/outbox";
import { randomId } from "../../store/random-id";
import { countMail, readConsentBatch, readOutbox, readSubscribers } from "../../store/mail-admin";
import { readMailStatus } from "../../store/mail-outbox";
import { deleteSubscriber } from "../../store/subscribers";
import type { MailState } from "../../store/schema";
import { recordChange } from "../lib/activity";
import { requireAdmin, requireRole } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import { CONSENT_COLUMNS, consentLine } from "../lib/consent-csv";
import { csvResponse } from "../lib/csv";
import { paged, pageParam } from "../lib/paged";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { ApiError } from "../lib/errors";
import { emailAddress, readJson, validate } from "../lib/validation";

/** Rows a page of the outbox or of the subscribers holds. */
export const MAIL_PAGE_SIZE = 50;

const MAIL_STATES = ["queued", "sending", "sent", "failed", "cancelled"] as const satisfies readonly MailState[];

const LINE_BREAK = /[\r\n\u2028\u2029]/;
const oneLine = (text: string) => !LINE_BREAK.test(text);

/**
 * The test's address, checked as every typed address is, in the Mail screen's own words:
 * it shows these sentences as they are (no codes for the app to word), as it always has.
 */
const address = emailAddress({
  lineBreak: { message: "must be one line, without line breaks" },
  notAnAddress: { message: "must be an email address" },
});

const page = pageParam;
const outboxQuery = z.object({
  page,
  state: z.enum(MAIL_STATES, { error: `must be one of: ${MAIL_STATES.join(", ")}` }).optional(),
});
const subscribersQuery = z.object({
  page,
  q: z
    .string()
    .max(TEXT_LIMITS.email, tooLong(TEXT_LIMITS.email))
    .refine(oneLine, "must be one line, without line breaks")
    .transform((text) => text.trim())
    .optional(),
});
const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "must be a subscriber's id")
    .transform(Number),
});

/**
 * The admin's Mail screen's calls (docs/product.md, 'E-mail'), for Administrators only:
 * whether e-mail is set up and how it goes, the outbox, a test message, the subscribers
 * (found by address, removed) and their consent records as CSV.
 */
export function mailAdminRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const app = new Hono<ApiEnv>();
  for (const path of ["/admin/mail", "/admin/mail/*", "/admin/subscribers", "/admin/subscribers/*"]) {
    app.use(path, requireAdmin(deps), requireRole("administrator"));
  }
  // "/admin/subscribers.csv" is its own path, not under /admin/subscribers/.
  app.use("/admin/subscribers.csv", requireAdmin(deps), requireRole("administrator"));

  app.get("/admin/mail", async (c) => {
    const { settings } = deps.mail;
    const [status, counts] = await Promise.all([readMailStatus(db), countMail(db)]);
    return c.json({
      configured: settings.configured,
      from: settings.from,
      lastSentAt: status.lastSentAt,
      lastError: status.lastError,
      ...counts,
    });
  });

  app.get("/admin/mail/outbox", async (c) => {
    const query = validate(outboxQuery, c.req.query());
    return c.json(await paged(query.page, MAIL_PAGE_SIZE, (window) => readOutbox(db, query.state ?? null, window)));
  });

  app.post("/admin/mail/test", jsonLimit, async (c) => {
    const { to } = validate(z.object({ to: address }), await readJson(c));
    const { siteName } = deps.mail.settings;
    const key = `test:${randomId()}`;
    await queueMail(
      db,
      deps.mail,
      {
        key,
        kind: "test",
        to,
        content: {
          subject: `A test e-mail from ${siteName}`,
          intro: [`This is a test e-mail from the Mail screen of ${siteName}'s website. It reached you: e-mail works.`],
        },
      },
      deps.now(),
    );
    const row = await db.selectFrom("mail_outbox").select("id").where("key", "=", key).executeTakeFirstOrThrow();
    await recordChange(deps, c, "mail.test");
    return c.json({ id: row.id }, 202);
  });

  app.get("/admin/subscribers", async (c) => {
    const query = validate(subscribersQuery, c.req.query());
    return c.json(await paged(query.page, MAIL_PAGE_SIZE, (window) => readSubscribers(db, query.q || null, window)));
  });

  app.delete("/admin/subscribers/:id", async (c) => {
    const { id } = validate(idParam, { id: c.req.param("id") });
    if (!(await deleteSubscriber(db, { id }))) throw new ApiError(404, "Subscriber not found");
    // The address is not recorded: once removed, the site keeps it nowhere.
    await recordChange(deps, c, "subscriber.delete", { type: "subscriber", id: String(id), title: null });
    return c.json({ ok: true });
  });

  app.get("/admin/subscribers.csv", (c) =>
    csvResponse(c, {
      filename: "subscribers.csv",
      header: CONSENT_COLUMNS,
      batch: (after, limit) => readConsentBatch(db, after, limit),
      line: consentLine,
    }),
  );

  return app;
}
