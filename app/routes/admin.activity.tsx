import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { activityQueryOf, readActivityPage, readPeople } from "~/lib/admin/activity/activity.server";
import { describeLines } from "~/lib/admin/activity/activity-lines.server";
import { personLabel } from "~/lib/admin/activity/activity-words";
import { env } from "~/lib/config.server";
import activityStyles from "~/styles/admin-activity.css";
import { AdminTable } from "~/components/admin/AdminTable";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: activityStyles }];
export const meta: MetaFunction = () => [{ title: "Recent changes" }, { name: "robots", content: "noindex" }];

/**
 * Recent changes (docs/product.md, 'The committee'): who changed what, newest first, 50 a page, for
 * anyone signed in. Paging and the filter by person are plain GET links and a GET form,
 * so the screen works the same without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const query = activityQueryOf(request);
  const page = await readActivityPage(admin, query);
  const [people, lines] = await Promise.all([
    readPeople(admin, page.items),
    describeLines(admin, page.items, env().SITE_TIME_ZONE),
  ]);
  const withUser = (params: Record<string, string>) => {
    const search = new URLSearchParams(query.user ? { ...params, user: query.user } : params);
    return `/admin/activity?${search.toString()}`;
  };
  return json({
    lines,
    // Named with their usernames, so two similar names are told apart.
    people: people.map((person) => ({ id: person.id, label: personLabel(person) })),
    user: query.user ?? "",
    older: page.next ? withUser({ before: page.next }) : null,
    newer: page.newer ? withUser({ after: page.newer }) : null,
  });
}

type Line = ReturnType<typeof useLoaderData<typeof loader>>["lines"][number];

/** The item a line is about, in quotes when it is a title, linked while it exists. */
function ItemName({ line }: { line: Line }) {
  const name = line.quote ? `"${line.item}"` : line.item;
  if (!line.href) return <>{name}</>;
  return line.quote ? (
    <>
      &quot;<Link to={line.href}>{line.item}</Link>&quot;
    </>
  ) : (
    <Link to={line.href}>{name}</Link>
  );
}

export default function RecentChanges() {
  const { lines, people, user, older, newer } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Recent changes">
      <Form method="get" className="activity-filter">
        <div className="field">
          <label htmlFor="activity-person" className="field__label">
            Person
          </label>
          <select id="activity-person" name="user" defaultValue={user}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          Show
        </button>
      </Form>

      {lines.length === 0 ? (
        <p className="empty-text">No changes recorded yet.</p>
      ) : (
        <div className="card admin-table-wrap">
          <AdminTable caption="Changes, newest first" columns={["When", "What"]}>
            {lines.map((line) => (
              <tr key={line.key} className="activity-row">
                <td className="activity-row__when">
                  <time dateTime={line.at}>{line.when}</time>
                </td>
                <td className="activity-row__sentence">
                  <span className="activity-row__who" title={line.username ? `Username: ${line.username}` : undefined}>
                    {line.who}
                  </span>
                  {` ${line.what}`}
                  {line.item ? " " : null}
                  {line.item ? <ItemName line={line} /> : null}
                  {line.after}
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}

      {newer || older ? (
        <nav className="pager" aria-label="More changes">
          {newer ? (
            <Link to={newer} rel="prev" className="button button--secondary">
              <span aria-hidden="true">← </span>Newer
            </Link>
          ) : null}
          {older ? (
            <Link to={older} rel="next" className="button button--secondary">
              Older changes<span aria-hidden="true"> →</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
