import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { AdminListScreen } from "~/components/admin/AdminListScreen";
import { AdminEventCard } from "~/components/admin/AdminEventCard";
import { EventForm, EVENT_FORM_LABELS, type EventFormValues } from "~/components/admin/EventForm";
import { adminListAction, nounNotices } from "~/lib/admin/forms/list-action.server";
import { eventFormSchema } from "~/lib/admin/events/event-form.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { lastEditsOfPage } from "~/lib/admin/activity/activity.server";
import { BOOKING_API_FIELDS, BOOKING_API_LABELS } from "~/lib/admin/bookings/booking-words";
import { BLANK_BOOKING, bookingFormValues, type BookingSettings } from "~/lib/admin/bookings/booking-form";
import { readBookingSettings } from "~/lib/admin/bookings/booking-settings.server";
import { readBookingCounts } from "~/lib/admin/bookings/event-bookings.server";
import { todayDateTimeInput } from "~/lib/dates";
import { eventFormValues } from "~/lib/admin/publishing/form-values";
import { env } from "~/lib/config.server";
import { adminListPage } from "~/lib/admin/forms/list-page.server";
import { adminEventsWindow, readAdminEvent, type AdminEvent } from "~/lib/admin/publishing/admin-items.server";
import { EVENT_CONFLICT } from "~/lib/admin/events/event-conflict.server";
import { revalidatePublishingList } from "~/lib/admin/publishing/revalidate";
import { stateFilterOf } from "~/lib/admin/publishing/states";
import listStyles from "~/styles/admin-lists.css";
import publishingStyles from "~/styles/admin-publishing.css";
import bookingStyles from "~/styles/admin-bookings.css";
import seriesStyles from "~/styles/admin-series.css";
import { ScopeChoice } from "~/components/admin/series/ScopeChoice";
import { scopeQuery } from "~/lib/admin/events/repeat-form.server";
import {
  BLANK_REPEAT,
  DEFAULT_SCOPE,
  REPEAT_API_FIELDS,
  REPEAT_API_LABELS,
  seriesLine,
} from "~/lib/admin/series/series-words";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links: LinksFunction = () => [
  ...adminLinks(),
  { rel: "stylesheet", href: listStyles },
  { rel: "stylesheet", href: publishingStyles },
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: seriesStyles },
];
export const meta: MetaFunction = () => [{ title: "Manage Events" }, { name: "robots", content: "noindex" }];
/**
 * As every list, but opening an edit dialog reads the page again: its form starts from the
 * event as it stands and its booking settings, which only the loader reads (docs/product.md,
 * 'Bookings', 'Publishing'); another state filter is other data too.
 */
export const shouldRevalidate = revalidatePublishingList;

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
  publishAt: "",
  ...BLANK_BOOKING,
  ...BLANK_REPEAT,
  // Asked only of an occurrence of a repeating series.
  scope: "",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const timeZone = env().SITE_TIME_ZONE;
  const now = new Date().toISOString();
  // publishing: every state, or the one the filter names.
  const state = stateFilterOf(new URL(request.url).searchParams.get("status"));
  const { items, chosen, paging } = await adminListPage(
    request,
    LIST_PATH,
    (limit, offset) => adminEventsWindow(admin.send, state, now, limit, offset),
    (id) => readAdminEvent(admin.send, id),
  );
  // The edit form starts from the event's booking settings, read for the one event it is open on.
  const editing = new URL(request.url).searchParams.get("edit");
  const [bookings, lastEdits, editBooking] = await Promise.all([
    readBookingCounts(
      admin,
      items.map((event) => event.id),
    ),
    lastEditsOfPage(admin, "events", { items, chosen }),
    editing && (items.some((event) => event.id === editing) || chosen?.id === editing)
      ? readBookingSettings(admin, editing).then((settings) => ({ id: editing, settings }))
      : null,
  ]);
  return json({
    timeZone,
    today: todayDateTimeInput(new Date(), timeZone),
    events: items,
    chosen,
    paging,
    lastEdits,
    bookings,
    editBooking,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminListAction(request, context, {
    labels: { ...EVENT_FORM_LABELS, ...BOOKING_API_LABELS, ...REPEAT_API_LABELS },
    formFields: { ...BOOKING_API_FIELDS, ...REPEAT_API_FIELDS },
    notices: nounNotices("event"),
    apiPath: "/api/admin/events",
    listPath: LIST_PATH,
    flow: "image",
    schema: eventFormSchema,
    publishing: EVENT_CONFLICT,
    // An occurrence of a repeating series: this one, it and the following ones, or all of them.
    itemQuery: scopeQuery,
  });
}

function storedValues(
  event: AdminEvent,
  timeZone: string,
  editBooking: { id: string; settings: BookingSettings } | null,
): EventFormValues {
  const booking = editBooking?.id === event.id ? editBooking.settings : ({ mode: "external" } as const);
  return {
    ...bookingFormValues(booking, timeZone),
    ...eventFormValues(event, timeZone),
    ...BLANK_REPEAT,
    scope: event.seriesId ? DEFAULT_SCOPE : "",
  };
}

export default function ManageEvents() {
  const { events, chosen, paging, timeZone, today, lastEdits, bookings, editBooking } = useLoaderData<typeof loader>();
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
        stored: (event) => storedValues(event, timeZone, editBooking),
        publishing: { of: (event) => event, timeZone },
        about: (event) => (event.series ? { series: seriesLine(event.series) } : undefined),
      }}
      deleteQuestion={(event) => ({
        message: `This will permanently delete the event "${event.name}".`,
        fields: event.seriesId ? <ScopeChoice intent="delete" idPrefix={`delete-${event.id}`} /> : undefined,
      })}
      loadingText="Loading events..."
      empty={<p className="empty-text">No events found. Create one to get started.</p>}
      noun="events"
    >
      {(busy) => (
        <ul className="admin-items" aria-label="Events" aria-busy={busy || undefined}>
          {events.map((event) => (
            <li key={event.id}>
              <AdminEventCard event={event} timeZone={timeZone} bookings={bookings[event.id]} />
            </li>
          ))}
        </ul>
      )}
    </AdminListScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
