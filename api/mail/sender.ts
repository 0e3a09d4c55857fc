import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { DkimSettings } from "../../common/config";
import { writeLastError, writeLastSent } from "../store/mail-outbox";
import {
  claimDueMessages,
  markAttemptFailed,
  markBounced,
  markSent,
  releaseAllClaims,
  releaseClaims,
  type ClaimedMessage,
} from "../store/mail-sending";
import type { Database } from "../store/schema";
import { classifyFailure, retryAt } from "./delivery-errors";
import type { MailSettings } from "./settings";

/**
 * The sender (docs/product.md, 'E-mail'): a worker inside the server that, each round,
 * runs the steps it was given (turning due fan-outs into outbox rows), then claims due
 * messages and delivers them over SMTP. It wakes when a message is queued and otherwise
 * looks every few seconds; nothing a visitor or an administrator waits for waits on it.
 */

/** How the sender reaches the mail server (SMTP_URL, DKIM_*, MAIL_RATE_PER_MINUTE). */
export interface SenderSettings {
  /** smtp://user:pass@host:587 or smtps://…:465. */
  smtpUrl: string;
  dkim: DkimSettings | null;
  ratePerMinute: number;
}

/** Work done at the start of each round, before sending (e.g. a fan-out's next page). */
export type SenderStep = () => Promise<void>;

export interface MailSender {
  /** Starts a round soon (a message was queued). */
  wake(): void;
  /** Runs one whole round now, after any under way, and answers when it is done (tests). */
  runRound(): Promise<void>;
  /** Stops looking, waits for the round under way; the store may close after it. */
  stop(): Promise<void>;
}

/** Messages claimed at a time: few enough that a claim's lease is never near its end while they are sent. */
const BATCH = 25;
/** A claim's lease: a sender that died is known by it having passed. */
const LEASE_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 5_000;

export function startMailSender(options: {
  db: Kysely<Database>;
  settings: MailSettings;
  /** Null when e-mail is not set up: the steps still run, nothing is claimed or sent. */
  sender: SenderSettings | null;
  /**
   * Milliseconds between looks when nobody wakes it; default 5 s. Null: it never looks on
   * its own, only when woken or asked (runRound), as tests that move the clock want.
   */
  pollMs?: number | null;
  steps: readonly SenderStep[];
  /** The only process on this store (SQLite in DATA_DIR): claims left 'sending' are a dead process's. */
  soleProcess: boolean;
  now: () => Date;
  log: (line: string) => void;
}): MailSender {
  const { db, settings, sender, steps, soleProcess, now, log } = options;
  // Nothing to take back when nothing is sent: claims left from a run with SMTP_URL wait for the next such run.
  let released = !soleProcess || !sender || !settings.configured;
  const claimedBy = `${process.pid}-${randomUUID()}`;
  let transport: Transporter | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const makeTransport = (config: SenderSettings): Transporter =>
    nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 2,
      maxMessages: 100,
      // A server that does not answer is a temporary failure, found well within a claim's lease.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
      dkim: config.dkim ?? undefined,
    } satisfies SMTPPool.Options);

  const dropTransport = () => {
    transport?.close();
    transport = null;
  };

  async function deliver(config: SenderSettings, message: ClaimedMessage): Promise<"sent" | "down" | "failed"> {
    transport ??= makeTransport(config);
    const headers: Record<string, string> = {};
    if (message.list_unsubscribe) {
      // RFC 8058: both, and the DKIM signature covers both (nodemailer signs them by default).
      headers["List-Unsubscribe"] = `<${message.list_unsubscribe}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    }
    try {
      await transport.sendMail({
        from: { name: settings.siteName, address: settings.from },
        replyTo: settings.replyTo ?? undefined,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        // As iMIP (RFC 6047) has it: a text/calendar part beside the text, which mail apps
        // show as 'Add to calendar', and the same file attached for those that do not, as
        // text/calendar too (nodemailer's icalEvent would attach it as application/ics).
        ...(message.calendar && calendarParts(message.calendar)),
        messageId: message.message_id,
        date: now(),
        headers,
      });
    } catch (error) {
      const failure = classifyFailure(error);
      const at = now();
      await writeLastError(db, at, `${message.to_address}: ${failure.message}`);
      if (failure.kind === "permanent") {
        await markBounced(db, { id: message.id, subscriberId: message.subscriber_id }, claimedBy, failure.message, at);
        return "failed";
      }
      await markAttemptFailed(db, message.id, claimedBy, failure.message, retryAt(message.attempts + 1, at));
      if (failure.serverDown) dropTransport();
      return failure.serverDown ? "down" : "failed";
    }
    // Outside the try: a database fault here is not a delivery failure (the round stops, and
    // the lease has the message sent again later, with its Message-ID).
    await markSent(db, message.id, claimedBy, now());
    return "sent";
  }

  /** Sends claimed batches until none is due, the minute's rate is used, or the server is down. */
  async function send(config: SenderSettings): Promise<void> {
    while (!stopped) {
      const at = now();
      const batch = await claimDueMessages(db, {
        claimedBy,
        limit: BATCH,
        ratePerMinute: config.ratePerMinute,
        now: at,
        leaseUntil: new Date(at.getTime() + LEASE_MS),
      });
      if (batch.length === 0) return;
      // The first alone: if the server is down, it alone learns it and the rest wait untouched.
      const [first, ...rest] = batch;
      const firstResult = await deliver(config, first);
      if (firstResult === "down" || stopped) {
        // Not these messages' fault: they wait for the next round as they were.
        await releaseClaims(
          db,
          rest.map((message) => message.id),
          claimedBy,
        );
        return;
      }
      // The rest at once: the pool sends them over its connections in turn.
      const results = await Promise.all(rest.map((message) => deliver(config, message)));
      if ([firstResult, ...results].includes("sent")) await writeLastSent(db, now());
      if (results.includes("down")) return;
    }
  }

  async function round(): Promise<void> {
    if (!released) {
      try {
        const count = await releaseAllClaims(db);
        if (count > 0) log(`Mail: ${count} message(s) being sent when the server last stopped will be sent again.`);
        released = true;
      } catch (error) {
        log(`Mail: could not take back the last run's claims: ${(error as Error).message}`);
      }
    }
    for (const step of steps) {
      if (stopped) return;
      try {
        await step();
      } catch (error) {
        log(`Mail: a step before sending failed: ${(error as Error).message}`);
      }
    }
    if (!sender || !settings.configured || stopped) return;
    try {
      await send(sender);
    } catch (error) {
      // The database was unreachable or similar: the claims' leases let the next round take them again.
      log(`Mail: sending stopped for this round: ${(error as Error).message}`);
    }
  }

  const runRound = (): Promise<void> => {
    current = current.then(round);
    return current;
  };

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(loop, delayMs);
    // Never keeps a stopping process up.
    timer.unref();
  };

  const pollMs = options.pollMs === undefined ? DEFAULT_POLL_MS : options.pollMs;

  function loop(): void {
    void runRound().then(() => {
      if (pollMs !== null) schedule(pollMs);
    });
  }

  if (pollMs !== null) schedule(0);

  return {
    // A round starts as soon as the one under way (if any) ends; many wakes make one round.
    wake: () => schedule(0),
    runRound,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      dropTransport();
    },
  };
}

const CALENDAR_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

/** A booking's calendar file as iMIP parts: the alternative mail apps offer to add, and the file. */
function calendarParts(calendar: string) {
  return {
    alternatives: [{ contentType: CALENDAR_TYPE, content: calendar }],
    attachments: [{ filename: "event.ics", contentType: CALENDAR_TYPE, content: calendar }],
  };
}
