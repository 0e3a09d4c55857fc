import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { DeleteDialog } from "~/components/admin/DeleteDialog";
import { ListLoading } from "~/components/admin/ListLoading";
import { AdminEventCard } from "~/components/admin/AdminEventCard";
import { EventForm, type EventFormValues } from "~/components/admin/EventForm";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { Pager } from "~/components/Pager";
import { UrlDialog } from "~/components/UrlDialog";
import {
  skipDialogOnlyRevalidation,
  typedValues,
  useDialogState,
  useListPage,
  useListReloading,
} from "~/lib/admin/dialogs";
import { adminListAction, nounNotices } from "~/lib/admin/list-action.server";
import { eventFormSchema } from "~/lib/admin/forms.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { EVENT_LABELS } from "~/lib/admin/labels";
import { todayDateTimeInput, toDateTimeInput } from "~/lib/dates";
import { env } from "~/lib/config.server";
import { eventsForDisplay, readEvent } from "~/lib/content-lists.server";
import { adminListPage } from "~/lib/admin/list-page.server";
import type { ClubEvent } from "~/lib/models.server";
import listStyles from "~/styles/admin-lists.css";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: listStyles }];
export const meta: MetaFunction = () => [{ title: "Manage Events" }, { name: "robots", content: "noindex" }];
export const shouldRevalidate = skipDialogOnlyRevalidation;

const LIST_PATH = "/admin/events";
const EMPTY: EventFormValues = {
  name: "",
  date: "",
  bookingUrl: "",
  comment: "",
  location: "",
  organiser: "",
  imageUrl: "",
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
  return json({ timeZone, today: todayDateTimeInput(new Date(), timeZone), events: items, chosen, paging });
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
  };
}

export default function ManageEvents() {
  const { events, chosen: linked, paging, timeZone, today } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const dialog = useDialogState();
  const reloading = useListReloading(LIST_PATH);
  const here = useListPage();

  const typed = (intent: string, id?: string) =>
    typedValues(failed?.values, { intent, id }, Object.keys(EMPTY) as (keyof EventFormValues)[]);
  const chosen =
    dialog.kind === "edit" || dialog.kind === "delete"
      ? (events.find((event) => event.id === dialog.id) ?? (linked?.id === dialog.id ? linked : undefined))
      : undefined;

  return (
    <AdminPage
      title="Manage Events"
      actions={
        <Link to="?new" className="button" preventScrollReset>
          Add Event
        </Link>
      }
    >
      <AdminNotification notice={failed?.notice} />

      {dialog.kind === "new" ? (
        <UrlDialog title="Create Event" closeTo={here}>
          <EventForm
            intent="create"
            values={typed("create") ?? { ...EMPTY, date: today }}
            fieldErrors={failed?.values.intent === "create" ? failed.fieldErrors : undefined}
            closeTo={here}
          />
        </UrlDialog>
      ) : null}

      {dialog.kind === "edit" && chosen ? (
        <UrlDialog title="Edit Event" closeTo={here}>
          <EventForm
            intent="update"
            id={chosen.id}
            values={typed("update", chosen.id) ?? storedValues(chosen, timeZone)}
            fieldErrors={failed?.values.intent === "update" ? failed.fieldErrors : undefined}
            closeTo={here}
          />
        </UrlDialog>
      ) : null}

      {dialog.kind === "delete" && chosen ? (
        <DeleteDialog
          id={chosen.id}
          closeTo={here}
          message={`This will permanently delete the event "${chosen.name}".`}
        />
      ) : null}

      <ListLoading active={reloading}>Loading events...</ListLoading>
      {events.length === 0 ? (
        <p className="empty-text">No events found. Create one to get started.</p>
      ) : (
        <ul className="admin-items" aria-label="Events" aria-busy={reloading || undefined}>
          {events.map((event) => (
            <li key={event.id}>
              <AdminEventCard event={event} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      <Pager pathname={LIST_PATH} noun="events" {...paging} />
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
