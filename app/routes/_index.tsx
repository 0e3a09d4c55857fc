import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useId, type ReactNode } from "react";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { EventCard } from "~/components/public/EventCard";
import { RouteErrorBoundary } from "~/components/RouteError";
import { dialogHref, keepDataForDialogs } from "~/lib/dialog-state";
import { useHydrated } from "~/lib/use-hydrated";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, homePageData } from "~/lib/public/loaders.server";
import { eventPagePath, newsPagePath } from "~/lib/paths/site";

/**
 * The booking popup's code loads only when a visitor opens it, which keeps the home
 * page's JavaScript inside its budget (docs/architecture.md, 'Budgets').
 */
const BookingDialog = lazy(() =>
  import("~/components/public/BookingDialog").then((module) => ({ default: module.BookingDialog })),
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { structuredData, ...data } = await homePageData(request, context);
  const meta = publicMeta(data.site, {
    structuredData,
    description: `News, events and photos from ${data.site.name}: fun, low-cost activities for dads, carers and their children.`,
    path: "/",
    image: data.nextEvent?.imageUrl ?? data.latestNews?.imageUrl,
  });
  return { ...data, meta };
}

export const meta = loaderMeta("Home");

export const shouldRevalidate = keepDataForDialogs;
export const ErrorBoundary = RouteErrorBoundary;

export default function Home() {
  const { site, nextEvent, latestNews } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const newsTitleId = useId();
  const booking = hydrated && nextEvent && searchParams.get("book") === nextEvent.id ? nextEvent : null;

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          Welcome to {site.name}
        </h1>
        <p className="hero__intro">
          Dads, grandads and carers getting together with our children for fun, low-cost activities all year round.
        </p>
        <div className="hero__actions">
          <Link to="/events" className="button button--accent">
            View Events
          </Link>
          <Link to="/who-we-are" className="button button--secondary hero__secondary">
            Learn More<span className="visually-hidden"> about who we are</span>
          </Link>
        </div>
      </section>

      {booking ? (
        <Suspense fallback={null}>
          <BookingDialog event={booking} closeTo="/" />
        </Suspense>
      ) : null}

      {nextEvent ? (
        <HomeSection id="next-event-title" title="Next Event">
          <EventCard
            event={nextEvent}
            bookHref={dialogHref("/", "book", nextEvent.id)}
            headingLevel={3}
            titleHref={eventPagePath(nextEvent.id)}
            className="event-card--feature"
            priority
          />
        </HomeSection>
      ) : null}

      {latestNews ? (
        <HomeSection id="latest-news-title" title="Latest News">
          <article className="card news-card news-card--feature" aria-labelledby={newsTitleId}>
            {latestNews.imageUrl ? (
              <ResponsiveImage className="card__image" src={latestNews.imageUrl} alt="" width={960} height={600} />
            ) : null}
            <div className="card__body">
              <h3 id={newsTitleId} className="card__title">
                <Link to={newsPagePath(latestNews.id)}>{latestNews.title}</Link>
              </h3>
              <p className="meta">
                <time dateTime={latestNews.publishedAt}>{latestNews.dateText}</time>
              </p>
              <div className="rich-text clamp-6" dangerouslySetInnerHTML={{ __html: latestNews.html }} />
              <div className="card__actions">
                <Link to="/news" className="button">
                  Read More<span className="visually-hidden">{` about ${latestNews.title}`}</span>
                </Link>
              </div>
            </div>
          </article>
        </HomeSection>
      ) : null}
    </>
  );
}

/** A titled section of the home page, named by its heading for assistive technology. */
function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
