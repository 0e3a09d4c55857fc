import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { oneLine } from "../../../../common/log-line";
import { env } from "../../config.server";
import { notFound } from "../../not-found.server";
import { requestedPage } from "../../paging/read-page.server";
import { redirectWithNotice } from "../../security/session.server";
import { UpstreamError } from "../../upstream/client.server";
import { TOTAL_COUNT_HEADER } from "../../upstream/lists.server";
import { adminUpstream, type AdminUpstream } from "../client.server";
import { readIntent } from "../forms/intent.server";
import type { Notice } from "../../notifications";
import {
  adminItemHeadSchema,
  previewLinkSchema,
  revisionListSchema,
  revisionSchema,
  type PreviewLink,
  type Revision,
  type RevisionSummary,
} from "./answers.server";
import type { HistorySubject } from "./subjects";
import { ITEM_ID } from "../../item-id";
import { formatSavedAt } from "./when";
import { fieldChanges, type FieldChange } from "./word-diff.server";

/** Revisions per page, as the /api sends them (docs/product.md, 'History'). */
export const HISTORY_PAGE_SIZE = 20;

const REVISION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAGE_TITLES: Record<string, string> = { "who-we-are": "Who We Are", "what-we-do": "What We Do" };

/** A news item's or event's subject from its route's `:id`, or the not-found page for a malformed one. */
export function itemHistorySubject(id: string | undefined, subjectOf: (id: string) => HistorySubject): HistorySubject {
  if (!id || !ITEM_ID.test(id)) notFound();
  return subjectOf(id);
}

function itemPath(subject: HistorySubject): string {
  return `/api/admin/${subject.collection}/${encodeURIComponent(subject.id)}`;
}

function revisionsPath(subject: HistorySubject, rest = ""): string {
  return `${itemPath(subject)}/revisions${rest}`;
}

/** The upstream's 404 (no such item, no such revision) is this screen's not-found page. */
async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) notFound();
    throw error;
  }
}

async function readRevisionPage(admin: AdminUpstream, subject: HistorySubject, page: number) {
  const response = await admin.send(revisionsPath(subject, `?page=${page}`));
  const items = revisionListSchema.parse(await response.json()).slice(0, HISTORY_PAGE_SIZE);
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

async function readRevision(admin: AdminUpstream, subject: HistorySubject, id: string): Promise<Revision> {
  return admin.getJson(revisionsPath(subject, `/${encodeURIComponent(id)}`), revisionSchema);
}

/** The item's name for the title, and the version the screen is opened at (restores send it back). */
async function readHead(admin: AdminUpstream, subject: HistorySubject, newest: RevisionSummary | undefined) {
  if (subject.collection === "pages") {
    return { title: PAGE_TITLES[subject.id] ?? subject.id, version: newest?.version ?? null };
  }
  const head = await admin.getJson(itemPath(subject), adminItemHeadSchema);
  return { title: head.title ?? head.name ?? subject.id, version: head.version ?? null };
}

/** One row of the list as the screen shows it: when in the site's zone, who, and its kind's word. */
function rowOf(revision: RevisionSummary, timeZone: string) {
  return {
    id: revision.id,
    at: revision.at,
    when: formatSavedAt(revision.at, timeZone),
    who: revision.by?.name ?? "Someone no longer on the committee",
    kind: revision.kind,
  };
}
export type HistoryRow = ReturnType<typeof rowOf>;

/**
 * The one before `id` in time: the next row of its page, or the first of the next page.
 * Undefined when `id` is not on this page (an old address): the screen then cannot tell.
 */
async function previousOf(
  admin: AdminUpstream,
  subject: HistorySubject,
  rows: RevisionSummary[],
  id: string,
  page: number,
  pages: number,
): Promise<RevisionSummary | null | undefined> {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return undefined;
  if (index + 1 < rows.length) return rows[index + 1];
  if (page >= pages) return null;
  return (await readRevisionPage(admin, subject, page + 1)).items[0] ?? null;
}

export interface ChosenRevision {
  row: HistoryRow;
  /** Null for the first revision; undefined when the one before it is not known here. */
  comparedWith: HistoryRow | null | undefined;
  changes: FieldChange[];
  confirmRestore: boolean;
}

/** The History screen: a page of revisions, newest first, and the chosen one's changes (?rev=ID). */
export async function historyScreenData(request: Request, context: AppLoadContext, subject: HistorySubject) {
  const admin = await adminUpstream(request, context);
  const { SITE_TIME_ZONE: timeZone } = env();
  const page = requestedPage(request);
  const { items, total } = await orNotFound(() => readRevisionPage(admin, subject, page));
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (page > pages) notFound();
  const head = await orNotFound(() => readHead(admin, subject, page === 1 ? items[0] : undefined));
  const version =
    head.version ?? (page === 1 ? null : ((await readRevisionPage(admin, subject, 1)).items[0]?.version ?? null));

  const params = new URL(request.url).searchParams;
  const rev = params.get("rev");
  let chosen: ChosenRevision | null = null;
  if (rev !== null) {
    if (!REVISION_ID.test(rev)) notFound();
    const revision = await orNotFound(() => readRevision(admin, subject, rev));
    const previous = await previousOf(admin, subject, items, rev, page, pages);
    const before = previous ? await readRevision(admin, subject, previous.id) : null;
    chosen = {
      row: rowOf(revision, timeZone),
      comparedWith: previous ? rowOf(previous, timeZone) : previous,
      changes:
        previous === undefined ? [] : fieldChanges(subject.fields, before?.fields ?? null, revision.fields, timeZone),
      confirmRestore: params.has("restore"),
    };
  }
  return json(
    {
      subject,
      title: head.title,
      version,
      rows: items.map((row) => rowOf(row, timeZone)),
      paging: { page, pages },
      chosen,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What an action on the History screen answers when it does not redirect. */
export type HistoryActionData = { problem: string } | { previewLink: PreviewLink & { expiresText: string } };

const INTENTS = ["restore", "preview", "copy-preview-link", "stop-preview-links"] as const;

/** The /api's own sentence (the 409's 'This was changed by…'), or a plain one when it sent none. */
function problemOf(error: unknown, fallback: string): string {
  if (error instanceof UpstreamError && error.status < 500 && error.jsonMessage) return error.jsonMessage;
  return fallback;
}

function refused(error: unknown, fallback: string) {
  if (error instanceof Response) throw error;
  console.warn(oneLine(`History: ${error instanceof Error ? error.message : String(error)}`));
  const status = error instanceof UpstreamError && error.status < 500 ? error.status : 502;
  return json<HistoryActionData>({ problem: problemOf(error, fallback) }, { status });
}

/**
 * Restore (a POST with the revision and the version the screen was opened at), and the
 * preview links of a news item or event: 'Preview' opens one, 'Copy preview link' shows
 * one, 'Stop preview links' revokes them all.
 */
export async function historyAction(request: Request, context: AppLoadContext, subject: HistorySubject) {
  const admin = await adminUpstream(request, context);
  const { intent, fields } = await readIntent(request, INTENTS);
  if (intent === "restore") {
    const rev = fields.rev ?? "";
    if (!REVISION_ID.test(rev)) return json<HistoryActionData>({ problem: "Choose a revision to restore." }, 400);
    const version = /^\d{1,9}$/.test(fields.version ?? "") ? Number(fields.version) : undefined;
    try {
      await admin.send(revisionsPath(subject, `/${encodeURIComponent(rev)}/restore`), {
        method: "POST",
        json: version === undefined ? {} : { version },
      });
    } catch (error) {
      return refused(error, "The revision could not be restored. Please try again.");
    }
    const notice: Notice = {
      kind: "success",
      title: "Restored",
      description: "The revision you chose is the current text again, kept as the newest revision.",
    };
    return redirectWithNotice(request, subject.path, notice);
  }
  if (!subject.previewable) return json<HistoryActionData>({ problem: "This page has no preview." }, 400);
  const linkPath = `${itemPath(subject)}/preview-link`;
  if (intent === "stop-preview-links") {
    try {
      await admin.send(linkPath, { method: "DELETE" });
    } catch (error) {
      return refused(error, "The preview links could not be stopped. Please try again.");
    }
    return redirectWithNotice(request, subject.path, {
      kind: "success",
      title: "Preview links stopped",
      description: "Every preview link of this item no longer works.",
    });
  }
  let link: PreviewLink;
  try {
    link = previewLinkSchema.parse(await (await admin.send(linkPath, { method: "POST" })).json());
  } catch (error) {
    return refused(error, "No preview link could be made. Please try again.");
  }
  if (intent === "preview") return redirect(link.path);
  const expiresText = formatSavedAt(link.expiresAt, env().SITE_TIME_ZONE);
  return json<HistoryActionData>({ previewLink: { ...link, expiresText } });
}
