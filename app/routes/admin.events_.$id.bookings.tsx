import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { ConfirmCard } from "~/components/admin/ConfirmCard";
import { AddBookingSection } from "~/components/admin/bookings/AddBookingSection";
import { DoorCounts } from "~/components/admin/bookings/DoorCounts";
import { DoorListSection } from "~/components/admin/bookings/DoorListSection";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { problemsOf, typedOf, type FormFailure } from "~/lib/admin/forms/form-failure";
import { readIntent } from "~/lib/admin/forms/intent.server";
import { runMutation } from "~/lib/admin/forms/mutation.server";
import { doorListHref } from "~/lib/admin/bookings/booking-words";
import {
  ADD_LABELS,
  addBooking,
  cancelBooking,
  changeFailure,
  checkAddForm,
  closeBookings,
  doorViewOf,
  readDoorList,
} from "~/lib/admin/bookings/door-list.server";
import { formatDate, formatEventWhen } from "~/lib/dates";
import { env } from "~/lib/config.server";
import { ITEM_ID } from "~/lib/item-id";
import bookingStyles from "~/styles/admin-bookings.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: bookingStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Bookings: ${data.event.name}` : "Bookings" },
  { name: "robots", content: "noindex" },
];

/** The door list of an event booked on this site (docs/product.md, 'Bookings'), for Editors and Administrators. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const view = doorViewOf(request, params.id);
  const screen = await readDoorList(admin, view);
  return json(
    { ...screen, view, timeZone: env().SITE_TIME_ZONE },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const view = doorViewOf(request, params.id);
  const { intent, fields } = await readIntent(request, ["add", "cancel", "close"] as const);
  const here = doorListHref(view.eventId, view);
  if (intent === "add") {
    const checked = checkAddForm(fields);
    if ("failure" in checked) return checked.failure;
    let added = changeFailure("add")("");
    return runMutation(request, {
      labels: ADD_LABELS,
      reply: (fieldErrors) => checked.reply({ fieldErrors }),
      redirectTo: here,
      call: async () => {
        added = await addBooking(admin, view.eventId, checked.body);
      },
      success: () => added,
      failure: changeFailure("add"),
    });
  }
  if (intent === "cancel") {
    const booking = fields.booking ?? "";
    let cancelled = changeFailure("cancel")("");
    return runMutation(request, {
      labels: {},
      redirectTo: here,
      call: async () => {
        cancelled = await cancelBooking(admin, view.eventId, ITEM_ID.test(booking) ? booking : "0");
      },
      success: () => cancelled,
      failure: changeFailure("cancel"),
    });
  }
  let closed = changeFailure("close")("");
  return runMutation(request, {
    labels: {},
    redirectTo: here,
    call: async () => {
      closed = await closeBookings(admin, view.eventId);
    },
    success: () => closed,
    failure: changeFailure("close"),
  });
}

export default function DoorList() {
  const { event, list, availability, view, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<FormFailure>();
  const [params] = useSearchParams();
  const here = doorListHref(event.id, view);
  const cancelling = list.items.find((row) => row.id === params.get("cancel") && row.status !== "cancelled");
  const closing = params.has("close") && availability.open;
  const addFailed = failed?.result.initialValue?.intent === "add";

  return (
    <AdminPage title={`Bookings: ${event.name}`} backLink={{ to: "/admin/events", label: "Manage Events" }}>
      <p className="door-when">{formatEventWhen(event.date, timeZone) || formatDate(event.date, timeZone)}</p>
      <AdminNotification notice={failed?.notice ?? undefined} />
      {cancelling ? (
        <ConfirmCard
          titleId="door-cancel-title"
          title={`Cancel the booking of ${cancelling.name}?`}
          intent="cancel"
          about={["booking", cancelling.id]}
          action={here}
          confirmLabel="Cancel the booking"
          pendingLabel="Cancelling..."
          cancelTo={here}
        >
          <p>
            Their places come free and go to the waiting list, in the order people joined it. This cannot be undone.
          </p>
        </ConfirmCard>
      ) : null}
      {closing ? (
        <ConfirmCard
          titleId="door-close-title"
          title="Close bookings now?"
          intent="close"
          about={["event", event.id]}
          action={here}
          confirmLabel="Close bookings"
          pendingLabel="Closing..."
          cancelTo={here}
        >
          <p>Parents can no longer book or join the waiting list. You can still add bookings by hand.</p>
        </ConfirmCard>
      ) : null}

      <DoorCounts eventId={event.id} availability={availability} view={view} timeZone={timeZone} />
      <DoorListSection eventId={event.id} list={list} view={view} timeZone={timeZone} />
      <AddBookingSection
        action={here}
        typed={addFailed ? typedOf(failed) : {}}
        errors={addFailed ? problemsOf(failed) : {}}
        formKey={failed ? JSON.stringify(failed.result.initialValue ?? {}) : "add"}
      />
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
