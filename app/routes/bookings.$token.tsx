import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { FormProblemLine, PartyFields } from "~/components/public/BookingFields";
import {
  BOOKING_PAGE_HEADERS,
  changePrivateBooking,
  privateBookingPageData,
  type PrivateBookingResult,
} from "~/lib/public/loaders.server";
import { loaderMeta } from "~/lib/public/meta";
import bookingStyles from "~/styles/booking.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const headers: HeadersFunction = () => BOOKING_PAGE_HEADERS;

/**
 * /bookings/{token}, the private link of a booking (docs/product.md, 'Bookings'): the
 * booking, a form to change its numbers, and cancelling behind a confirmation that is
 * its own page state (?cancel=1), with or without JavaScript. Opening it changes nothing.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return privateBookingPageData(request, context, params.token);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return changePrivateBooking(request, context, params.token);
}

export const meta = loaderMeta("Your booking");
export const ErrorBoundary = RouteErrorBoundary;

export default function PrivateBooking() {
  const { booking, confirmCancel } = useLoaderData<typeof loader>();
  const result = useActionData<PrivateBookingResult>();
  const navigation = useNavigation();
  const here = useLocation().pathname;
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  if (!booking || result?.outcome === "dead") {
    return (
      <section className="booking-page">
        <h1 className="page-title">This link no longer works.</h1>
        <p>The booking may have been deleted after the event, or the link was replaced by a newer one.</p>
        <p>
          <a href="/events">See the events</a> · <a href="/">Go to the home page</a>
        </p>
      </section>
    );
  }
  const refused = result?.outcome === "refused" ? result : null;
  const problem = refused?.problem;
  const values = refused?.values ?? {
    adults: String(booking.adults),
    children: String(booking.children),
    childName: booking.childName ?? "",
    childClass: booking.childClass ?? "",
  };

  return (
    <section className="booking-page">
      <h1 className="page-title">Your booking</h1>
      <p className="booking-page__event">{booking.event.name}</p>
      <p className="booking-page__when">
        {booking.event.dateText}
        {booking.event.timeText ? ` · ${booking.event.timeText}` : null}
      </p>
      {result?.outcome === "changed" || result?.outcome === "cancelled" ? (
        <p className="booking-notice" role="status">
          {result.message}
        </p>
      ) : null}
      <dl className="booking-summary">
        <dt>Name</dt>
        <dd>{booking.name}</dd>
        <dt>Booking</dt>
        <dd>{booking.status === "cancelled" ? booking.stateText : booking.partyText}</dd>
        {booking.childName ? (
          <>
            <dt>Child</dt>
            <dd>
              {booking.childName}
              {booking.childClass ? `, class ${booking.childClass}` : null}
            </dd>
          </>
        ) : null}
        {booking.status === "cancelled" ? null : (
          <>
            <dt>State</dt>
            <dd className="booking-summary__state">{booking.stateText}</dd>
          </>
        )}
      </dl>
      {confirmCancel ? (
        <Form method="post" action={here} className="booking-cancel">
          <h2>Cancel this booking?</h2>
          <p>Cancelling gives your places back, to the next family waiting if there is one.</p>
          <div className="booking-form__actions">
            <button
              type="submit"
              name="intent"
              value="cancel"
              className="button button--danger"
              disabled={intent === "cancel"}
            >
              {intent === "cancel" ? "Cancelling..." : "Yes, cancel my booking"}
            </button>
            <a className="button button--secondary" href={here}>
              Keep my booking
            </a>
          </div>
        </Form>
      ) : (
        <>
          {booking.canChange && booking.maxPerBooking !== null ? (
            <Form method="post" action={here} className="booking-form" key={booking.partyText}>
              <h2>Change the numbers</h2>
              {booking.placesText ? <p className="booking-places">{booking.placesText}</p> : null}
              <FormProblemLine problem={problem} />
              <PartyFields
                form="change"
                problem={problem}
                values={values}
                maxPerBooking={booking.maxPerBooking}
                askChild={booking.askChild}
              />
              <div className="booking-form__actions">
                <button type="submit" name="intent" value="change" className="button" disabled={intent === "change"}>
                  {intent === "change" ? "Saving..." : "Save changes"}
                </button>
              </div>
            </Form>
          ) : null}
          {booking.canCancel ? (
            <p className="booking-cancel">
              Can't come after all?{" "}
              <a className="button button--secondary" href={`${here}?cancel=1`}>
                Cancel booking
              </a>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
