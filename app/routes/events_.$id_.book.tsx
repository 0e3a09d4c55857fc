import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BOOKING_LIMITS } from "../../common/text-limits";
import { RouteErrorBoundary } from "~/components/RouteError";
import { BookingField, FormProblemLine, PartyFields } from "~/components/public/BookingFields";
import { EmailField } from "~/components/public/EmailField";
import { BOOKING_PAGE_HEADERS, bookEvent, bookPageData, type BookResult } from "~/lib/public/loaders.server";
import { loaderMeta } from "~/lib/public/meta";
import bookingStyles from "~/styles/booking.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingStyles }];
export const headers: HeadersFunction = () => BOOKING_PAGE_HEADERS;

/**
 * /events/{id}/book (docs/product.md, 'Bookings'): booking an event on the club's own site,
 * inside the product spec's Book Now dialog (which frames this page) or on its own, with
 * or without JavaScript. 'E-mail me my link' is here too, for a family that lost theirs.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  return bookPageData(context, params.id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return bookEvent(request, context, params.id);
}

export const meta = loaderMeta("Book");
export const ErrorBoundary = RouteErrorBoundary;

const EMPTY = { name: "", email: "", adults: "1", children: "0", childName: "", childClass: "" };

export default function BookEvent() {
  const { event, places, retentionText } = useLoaderData<typeof loader>();
  const result = useActionData<BookResult>();
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "book") : null;
  const refused = result?.outcome === "refused" ? result : null;
  const problem = refused?.problem;
  const values = refused?.values ?? EMPTY;
  const done = result?.outcome === "booked" || result?.outcome === "duplicate";

  return (
    <section className="booking-page">
      <h1 className="page-title">Book: {event.name}</h1>
      <p className="booking-page__when">
        <time dateTime={event.date}>{event.dateText}</time>
        {event.timeText ? ` · ${event.timeText}` : null}
      </p>
      {result?.outcome === "booked" ? (
        <div className="booking-notice" role="status">
          <p className="booking-notice__headline">{result.message}</p>
          {result.link ? (
            <>
              <p>{result.link.text}</p>
              <p className="booking-link">
                <a href={result.link.path}>{result.link.url}</a>
              </p>
            </>
          ) : null}
        </div>
      ) : result?.outcome === "duplicate" ? (
        <p className="booking-notice" role="status">
          {result.message}
        </p>
      ) : (
        <p className="booking-places">{places.text}</p>
      )}
      {!done && places.bookable ? (
        <Form method="post" className="booking-form">
          <FormProblemLine problem={problem} />
          <BookingField form="book" name="name" label="Your name" problem={problem}>
            {(attributes) => (
              <input
                {...attributes}
                type="text"
                autoComplete="name"
                required
                maxLength={BOOKING_LIMITS.name}
                defaultValue={values.name}
              />
            )}
          </BookingField>
          <EmailField
            id="book-email"
            block="booking-form"
            label="Your e-mail address"
            problem={problem?.field === "email" ? problem.message : null}
            defaultValue={values.email}
          />
          <PartyFields
            form="book"
            problem={problem}
            values={values}
            maxPerBooking={places.maxPerBooking}
            askChild={places.askChild}
          />
          <p className="booking-form__keeping">{retentionText}</p>
          <div className="booking-form__trap">
            <label htmlFor="book-leave-empty">Leave this empty</label>
            <input id="book-leave-empty" name="leave_empty" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div className="booking-form__actions">
            <button type="submit" className="button" disabled={intent === "book"}>
              {intent === "book" ? "Booking..." : places.full ? "Join the waiting list" : "Book"}
            </button>
          </div>
        </Form>
      ) : null}
      <ResendLink result={result} busy={intent === "resend"} />
    </section>
  );
}

/** 'E-mail me my link': the same answer whether or not the address has a booking here. */
function ResendLink({ result, busy }: { result: BookResult | undefined; busy: boolean }) {
  if (result?.outcome === "resent") {
    return (
      <p className="booking-notice" role="status">
        {result.message}
      </p>
    );
  }
  const refused = result?.outcome === "resend refused" ? result : null;
  return (
    <Form method="post" className="booking-resend">
      <h2>Lost your link?</h2>
      <EmailField
        id="resend-email"
        block="booking-form"
        label="The e-mail address you booked with"
        problem={refused?.message}
        defaultValue={refused?.email}
      />
      <button type="submit" name="intent" value="resend" className="button button--secondary" disabled={busy}>
        {busy ? "Sending..." : "E-mail me my link"}
      </button>
    </Form>
  );
}
