import { json } from "@remix-run/node";
import { ZodError } from "zod";
import { oneLine } from "../../../common/log-line";
import { UpstreamError } from "~/lib/upstream/client.server";

/** What a public page's error boundary receives when the upstream let it down. */
export interface UnavailableData {
  message: string;
}

const RETRY_AFTER_SECONDS = "60";

/**
 * Runs a public loader's upstream reads. A failure becomes an honest 5xx that the
 * route's error boundary shows inside the site's layout: 502 when the upstream
 * answered with something unusable, 503 when it failed or could not be reached.
 * The cause is logged for us; the visitor sees no detail of it.
 */
export async function fromUpstream<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(
      oneLine(`Public page: upstream read failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    const badAnswer = error instanceof ZodError || (error instanceof UpstreamError && error.status < 500);
    throw json<UnavailableData>(
      { message: "This page could not be loaded just now. Please try again in a few minutes." },
      { status: badAnswer ? 502 : 503, headers: { "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" } },
    );
  }
}
