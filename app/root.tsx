import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Notifications } from "~/components/Notifications";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { PublicPage } from "~/components/public/Placeholders";
import { useNonce } from "~/lib/document/nonce";
import { layoutData } from "~/lib/document/layout.server";
import favicon from "~/assets/favicon.svg";
import { EarlyScript, InlineStyles } from "~/lib/document/inline-head";
import { CALENDAR_PATH, NEWS_FEED_PATH } from "~/lib/paths/site";

// The site's stylesheets are in the page itself (InlineStyles). Every page names the news
// feed and the events calendar, so browsers and feed readers find them.
export const links: LinksFunction = () => [
  { rel: "icon", href: favicon, type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "News", href: NEWS_FEED_PATH },
  { rel: "alternate", type: "text/calendar", title: "Events", href: CALENDAR_PATH },
];

export function loader({ context }: LoaderFunctionArgs) {
  return layoutData(context);
}

/**
 * Marks the document once React has hydrated it. The scripts come after the first paint
 * (scripts-after-paint.server.ts), so the page's load event no longer says they have run:
 * the browser tests wait for this mark before they try what only a scripted page does.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useHydratedMark();
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? "Oakfield Primary Dads' Club";
  return (
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <EarlyScript />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader siteName={siteName} />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        {data ? <SiteFooter siteName={siteName} links={data.footer} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Notifications />
      {/* Every page, so that leaving any page for a public one shows that page's placeholders. */}
      <PublicPage>
        <Outlet />
      </PublicPage>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/RouteError";
