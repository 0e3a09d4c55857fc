import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { AdminListScreen } from "~/components/admin/AdminListScreen";
import { AdminEventCard } from "~/components/admin/AdminEventCard";
import { EventForm, type EventFormValues } from "~/components/admin/EventForm";
import { keepDataForDialogs } from "~/lib/dialog-state";
import { adminListAction, nounNotices } from "~/lib/admin/forms/list-action.server";
import { eventFormSchema } from "~/lib/admin/forms/schemas.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { lastEditsOfPage } from "~/lib/admin/activity/activity.server";
import { EVENT_LABELS } from "~/lib/admin/forms/labels";
import { todayDateTimeInput, toDateTimeInput } from "~/lib/dates";
import { env } from "~/lib/config.server";
import { eventsForDisplay, readEvent } from "~/lib/upstream/club-lists.server";
import { adminListPage } from "~/lib/admin/forms/list-page.server";
import type { ClubEvent } from "~/lib/upstream/answers.server";
import listStyles from "~/styles/admin-lists.css";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: listStyles }];
export const meta: MetaFunction = () => [{ title: "Manage Events" }, { name: "robots", content: "noindex" }];
export const shouldRevalidate = keepDataForDialogs;

const LIST_PATH = "/admin/events";
const EMPTY: EventFormValues = {
  name: "",
  date: "",
  bookingUrl: "",
  comment: "",
  location: "",
  organiser: "",
  imageUrl: "",
  imageAlt: "",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const timeZone = env().SITE_TIME_ZONE;
  const now = new Date().toISOString();
  const { items, chosen, paging } = await adminListPage(
    request,
    LIST_PATH,
    (limit, offset) => eventsForDisplay(admin.send, now, limit, offset),
    (id) => readEvent(admin.send, id),
  );
  return json({
    timeZone,
    today: todayDateTimeInput(new Date(), timeZone),
    events: items,
    chosen,
    paging,
    lastEdits: await lastEditsOfPage(admin, "events", { items, chosen }),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminListAction(request, context, {
    labels: EVENT_LABELS,
    notices: nounNotices("event"),
    apiPath: "/api/admin/events",
    listPath: LIST_PATH,
    flow: "image",
    schema: eventFormSchema,
  });
}

function storedValues(event: ClubEvent, timeZone: string): EventFormValues {
  return {
    name: event.name,
    date: toDateTimeInput(event.date, timeZone),
    bookingUrl: event.bookingUrl,
    comment: event.comment,
    location: event.location ?? "",
    organiser: event.organiser ?? "",
    imageUrl: event.imageUrl ?? "",
    imageAlt: event.imageAlt ?? "",
  };
}

export default function ManageEvents() {
  const { events, chosen, paging, timeZone, today, lastEdits } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminListScreen
      title="Manage Events"
      addLabel="Add Event"
      listPath={LIST_PATH}
      items={events}
      chosen={chosen}
      paging={paging}
      lastEdits={lastEdits}
      failed={failed}
      forms={{
        Form: EventForm,
        createTitle: "Create Event",
        editTitle: "Edit Event",
        blank: { ...EMPTY, date: today },
        stored: (event) => storedValues(event, timeZone),
      }}
      deleteQuestion={(event) => ({ message: `This will permanently delete the event "${event.name}".` })}
      loadingText="Loading events..."
      empty={<p className="empty-text">No events found. Create one to get started.</p>}
      noun="events"
    >
      {(busy) => (
        <ul className="admin-items" aria-label="Events" aria-busy={busy || undefined}>
          {events.map((event) => (
            <li key={event.id}>
              <AdminEventCard event={event} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </AdminListScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
