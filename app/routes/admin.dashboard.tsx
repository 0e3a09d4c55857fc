import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { adminUpstream } from "~/lib/admin/client.server";
import { adminFrameOf } from "~/lib/admin/frame.server";
import { countEvents, countGallery, newsHeadings, upcomingEvents } from "~/lib/upstream/club-lists.server";
import { formatDate } from "~/lib/dates";
import { EventWhen } from "~/components/admin/EventWhen";
import { env } from "~/lib/config.server";
import { RouteErrorBoundary } from "~/components/RouteError";
import { readContentStates } from "~/lib/admin/publishing/admin-items.server";
import { listHref, statesLine } from "~/lib/admin/publishing/states";
import publishingStyles from "~/styles/admin-publishing.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: publishingStyles }];
export const meta: MetaFunction = () => [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];

/** docs/product.md, 'Business constants and limits': the dashboard lists show at most five of each. */
const LIST_LENGTH = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const now = new Date().toISOString();
  const timeZone = env().SITE_TIME_ZONE;
  // Counts are counts and the lists are their first five: the same work at 10,000 items as at 10.
  const [news, upcoming, events, images, frame, states] = await Promise.all([
    newsHeadings(admin.send, LIST_LENGTH),
    upcomingEvents(admin.send, now, LIST_LENGTH),
    countEvents(admin.send),
    countGallery(admin.send),
    adminFrameOf(request, context),
    // publishing: what is not public yet, as COUNTs.
    readContentStates(admin.send),
  ]);
  return json({
    counts: { news: news.total, events, images },
    /** Drafts and scheduled items by list; null from an upstream without states. */
    states,
    latestNews: news.items.map(({ id, title, publishedAt }) => ({ id, title, date: publishedAt })),
    upcomingEvents: upcoming.items.map(({ id, name, date }) => ({ id, name, date })),
    timeZone,
    /** The person's name, their username when they gave none (docs/product.md, 'The committee'). */
    signedInAs: frame?.name ?? admin.username,
    /** The Mail screen is an Administrator's (docs/product.md, 'E-mail'): its card is theirs alone. */
    mail: frame?.role === "administrator",
  });
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export default function AdminDashboard() {
  const { counts, states, latestNews, upcomingEvents, timeZone, signedInAs, mail } = useLoaderData<typeof loader>();
  const cards: Array<{ to: string; title: string; text: string; unpublished?: UnpublishedProps }> = [
    {
      to: "/admin/news",
      title: "Manage News",
      text: plural(counts.news, "news article", "news articles"),
      unpublished: states ? { listPath: "/admin/news", noun: "news", counts: states.news } : undefined,
    },
    {
      to: "/admin/events",
      title: "Manage Events",
      text: plural(counts.events, "event", "events"),
      unpublished: states ? { listPath: "/admin/events", noun: "events", counts: states.events } : undefined,
    },
    { to: "/admin/what-we-do", title: "Edit What We Do", text: "Mission, activities and impact" },
    { to: "/admin/who-we-are", title: "Edit Who We Are", text: "About us and contact details" },
    { to: "/admin/gallery", title: "Manage Gallery", text: plural(counts.images, "image", "images") },
    ...(mail ? [{ to: "/admin/mail", title: "Mail", text: "E-mail to parents: the outbox and subscribers" }] : []),
  ];

  return (
    <AdminPage
      title="Admin Dashboard"
      backLink={false}
      actions={
        <>
          {signedInAs ? <p className="signed-in-as">{`Signed in as ${signedInAs}`}</p> : null}
          <Form method="post" action="/admin/logout">
            <button type="submit" className="button button--secondary">
              Logout
            </button>
          </Form>
        </>
      }
    >
      <ul className="dashboard-cards">
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="card dashboard-card">
              <h2 className="dashboard-card__title">{card.title}</h2>
              <p>{card.text}</p>
            </Link>
            {card.unpublished ? <UnpublishedLine {...card.unpublished} /> : null}
          </li>
        ))}
      </ul>

      <div className="dashboard-lists">
        <DashboardList
          title="Latest News"
          empty="No news articles found."
          items={latestNews.map((item) => ({ id: item.id, label: item.title, date: item.date }))}
          timeZone={timeZone}
        />
        <DashboardList
          title="Upcoming Events"
          empty="No events found."
          items={upcomingEvents.map((event) => ({
            id: event.id,
            label: event.name,
            date: event.date,
            isEvent: true,
          }))}
          timeZone={timeZone}
        />
      </div>
    </AdminPage>
  );
}

interface UnpublishedProps {
  listPath: string;
  /** Which list, for a screen reader's list of links: 'news', 'events'. */
  noun: string;
  counts: { draft: number; scheduled: number };
}

/** '2 drafts, 1 scheduled' below a list's card, each part a link to the list filtered; nothing when both are 0. */
function UnpublishedLine({ listPath, noun, counts }: UnpublishedProps) {
  const line = statesLine(counts);
  if (!line) return null;
  const [drafts, scheduled] = line.split(", ");
  return (
    <p className="dashboard-card__states">
      <Link to={listHref(listPath, "draft")}>
        {drafts}
        <span className="visually-hidden">{` (${noun})`}</span>
      </Link>
      {", "}
      <Link to={listHref(listPath, "scheduled")}>
        {scheduled}
        <span className="visually-hidden">{` (${noun})`}</span>
      </Link>
    </p>
  );
}

interface ListProps {
  title: string;
  empty: string;
  /** isEvent: an event's date has its time beside it. */
  items: Array<{ id: string; label: string; date: string; isEvent?: boolean }>;
  timeZone: string;
}

function DashboardList({ title, empty, items, timeZone }: ListProps) {
  const headingId = `${title.toLowerCase().replace(/\s+/g, "-")}-heading`;
  return (
    <section className="card dashboard-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <p className="empty-text">{empty}</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.label}</span>
              <span className="dashboard-list__when">
                {item.isEvent ? (
                  <EventWhen date={item.date} timeZone={timeZone} />
                ) : (
                  <time dateTime={item.date}>{formatDate(item.date, timeZone)}</time>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
