import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

/** Every route's error boundary: the panel inside the site's layout. */
export function RouteErrorBoundary() {
  return <ErrorPanel error={useRouteError()} />;
}

/** One error view for every route: friendly words, never a stack trace. */
export function ErrorPanel({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const refusal = refusalMessage(error);
  return (
    <section className="error-panel" aria-labelledby="error-title">
      {notFound ? (
        <>
          <h1 id="error-title">404 Page Not Found</h1>
          <p className="error-panel__hint">
            Did you mistype the address? <code>router: no route matches this URL</code>
          </p>
        </>
      ) : refusal ? (
        <>
          <h1 id="error-title">That request was not accepted</h1>
          <p>{refusal}</p>
        </>
      ) : (
        <>
          <h1 id="error-title">Sorry, something went wrong</h1>
          <p>This page could not be loaded just now. Please try again in a few minutes.</p>
        </>
      )}
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </section>
  );
}

/** A request we refused on purpose (a broken form, another site's post) says why in its own words. */
function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  const data: unknown = error.data;
  if (typeof data === "object" && data !== null && "message" in data && typeof data.message === "string") {
    return data.message;
  }
  return null;
}
