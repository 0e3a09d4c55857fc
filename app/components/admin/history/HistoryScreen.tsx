import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { SubmitButton } from "~/components/admin/SubmitButton";
import { Pager } from "~/components/Pager";
import type { historyScreenData, HistoryActionData, HistoryRow } from "~/lib/admin/history/history.server";
import { KIND_WORDS } from "./kind-words";
import { PreviewLinkCard } from "./PreviewLinkCard";
import { WordDiff } from "./WordDiff";

/** The address of one revision's changes on a page of the list (and its restore question). */
function revisionHref(path: string, page: number, rev: string, restore = false): string {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  params.set("rev", rev);
  if (restore) params.set("restore", "1");
  return `${path}?${params}`;
}

function listHref(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** 'Save of Sat 28 Nov 2026, 10:00 by Sam Patel'. */
function describe(row: HistoryRow): string {
  return `${KIND_WORDS[row.kind]} of ${row.when} by ${row.who}`;
}

/**
 * The History screen of a news item, an event or a page text (docs/product.md,
 * 'History'): the revisions newest first, 20 a page; the chosen one's changes against
 * the one before it, and 'Restore', asked first. News and events also make preview links here.
 */
export function HistoryScreen() {
  const { subject, title, version, rows, paging, chosen } = useLoaderData<typeof historyScreenData>();
  const answer = useActionData<HistoryActionData>();
  const { path } = subject;
  const problem = answer && "problem" in answer ? answer.problem : null;
  const previewLink = answer && "previewLink" in answer ? answer.previewLink : null;

  return (
    <AdminPage title={`History: ${title}`} backLink={subject.back}>
      {problem ? (
        <div className="flash flash--error history-problem" role="alert">
          <p className="flash__title">Not done</p>
          <p>{problem}</p>
        </div>
      ) : null}
      {previewLink ? <PreviewLinkCard key={previewLink.url} link={previewLink} /> : null}
      {subject.previewable ? (
        <section className="card history-preview" aria-labelledby="history-preview-title">
          <h2 id="history-preview-title">Preview</h2>
          <p>See the item exactly as its public page will look, or send a link to someone who is not signed in.</p>
          <div className="history-preview__actions">
            <Form method="post">
              <input type="hidden" name="intent" value="preview" />
              <SubmitButton className="button button--secondary" intent="preview" pendingLabel="Opening...">
                Preview
              </SubmitButton>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="copy-preview-link" />
              <SubmitButton className="button button--secondary" intent="copy-preview-link" pendingLabel="Making...">
                Copy preview link
              </SubmitButton>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="stop-preview-links" />
              <SubmitButton className="button button--danger" intent="stop-preview-links" pendingLabel="Stopping...">
                Stop preview links
              </SubmitButton>
            </Form>
          </div>
        </section>
      ) : null}

      {chosen ? (
        <section className="card history-revision" aria-labelledby="history-revision-title">
          <h2 id="history-revision-title">{describe(chosen.row)}</h2>
          {chosen.comparedWith === undefined ? (
            <p>Open this revision from the list below to see what changed.</p>
          ) : chosen.comparedWith === null ? (
            <p>The first revision: everything in it was added.</p>
          ) : (
            <p>{`What changed since the ${describe(chosen.comparedWith)}:`}</p>
          )}
          {chosen.comparedWith !== undefined && chosen.changes.length === 0 ? <p>Nothing changed.</p> : null}
          {chosen.changes.map((change) => (
            <WordDiff key={change.name} change={change} />
          ))}
          {chosen.confirmRestore ? (
            <div className="confirm-card history-restore" role="alertdialog" aria-labelledby="history-restore-title">
              <h3 id="history-restore-title">Restore this revision?</h3>
              <p>
                Its text becomes the current one, saved as a new revision. Nothing is lost: the current text stays in
                the history and can be restored in turn.
              </p>
              <div className="admin-item__actions">
                <Form method="post" action={listHref(path, paging.page)}>
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="rev" value={chosen.row.id} />
                  {version !== null ? <input type="hidden" name="version" value={version} /> : null}
                  <SubmitButton className="button button--danger" intent="restore" pendingLabel="Restoring...">
                    Restore
                  </SubmitButton>
                </Form>
                <Link to={revisionHref(path, paging.page, chosen.row.id)} className="button button--secondary">
                  Cancel
                </Link>
              </div>
            </div>
          ) : (
            <p>
              <Link to={revisionHref(path, paging.page, chosen.row.id, true)} className="button">
                Restore<span className="visually-hidden"> the {describe(chosen.row)}</span>
              </Link>
            </p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="history-list-title">
        <h2 id="history-list-title">Revisions, newest first</h2>
        {rows.length === 0 ? (
          <p>No revisions yet.</p>
        ) : (
          <ol className="history-list">
            {rows.map((row) => (
              <li
                key={row.id}
                className="history-list__row"
                aria-current={chosen?.row.id === row.id ? "true" : undefined}
              >
                <time dateTime={row.at}>{row.when}</time>
                <span className="history-list__who">{row.who}</span>
                <span className="history-list__kind">{KIND_WORDS[row.kind]}</span>
                <Link to={revisionHref(path, paging.page, row.id)}>
                  Show changes<span className="visually-hidden"> of the {describe(row)}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        <Pager page={paging.page} pages={paging.pages} noun="revisions" hrefOf={(page) => listHref(path, page)} />
      </section>
    </AdminPage>
  );
}
