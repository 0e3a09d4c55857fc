import type { SeriesPlace } from "../../../common/event-calendar";
import { pastOf } from "../event-order";
import { eventSeriesListSchema, type ClubEvent, type EventSeriesCalendar } from "~/lib/upstream/answers.server";
import { UpstreamError } from "~/lib/upstream/client.server";
import { eventWindow, SINGLE_EVENTS, upcomingEvents } from "~/lib/upstream/club-lists.server";
import type { ListSlice, Send } from "~/lib/upstream/lists.server";
import { calendarCutoff, nearestFirst, type CalendarSources } from "./calendar.server";

/**
 * What /events.ics reads from the upstream, a window at a time and only as far as the
 * feed's byte budget takes it (calendar.server.ts): the series with a date since the
 * cutoff (GET /api/event-series?from=), and the single events nearest to now first.
 */

/** Items asked for at once, as every list call the site makes (tests/app/bounded-reads.test.ts). */
const WINDOW = 100;

/** An upstream that has no series call (the product spec's /api alone) has no series. */
const NO_SERIES_CALL = new Set([400, 404, 405]);

/** GET /api/event-series with `query`; null from an upstream without the call. */
async function readSeries(send: Send, query: Record<string, string>): Promise<EventSeriesCalendar[] | null> {
  try {
    const response = await send(`/api/event-series?${new URLSearchParams(query)}`);
    return eventSeriesListSchema.parse(await response.json());
  } catch (error) {
    if (error instanceof UpstreamError && NO_SERIES_CALL.has(error.status)) return null;
    throw error;
  }
}

async function* seriesSince(send: Send, since: string): AsyncGenerator<EventSeriesCalendar> {
  for (let offset = 0; ; offset += WINDOW) {
    const page = await readSeries(send, { from: since, limit: String(WINDOW), offset: String(offset) });
    if (page === null) return;
    yield* page;
    if (page.length < WINDOW) return;
  }
}

/**
 * Where a date of a series stands in it (its series, the date it was made for, the
 * series' changes), so its own file is that date of the subscription's entry; undefined
 * for a single event, or from an upstream that does not say.
 */
export async function seriesPlaceOf(send: Send, event: ClubEvent): Promise<SeriesPlace | undefined> {
  if (event.seriesId === undefined) return undefined;
  const [series] = (await readSeries(send, { ids: event.seriesId, from: event.date })) ?? [];
  const date = series?.dates.find((one) => one.eventId === event.id);
  if (!series || !date) return undefined;
  const { createdAt, changedAt, timeOfDay } = series;
  return { seriesId: series.id, seriesDate: date.seriesDate, timeOfDay, createdAt, changedAt };
}

/**
 * Every item of a list read a window at a time, until the list ends or the reader stops.
 * The embedded /api on SQLite answers without ever giving the event loop back, so each
 * window waits for its turn (setImmediate): other requests are served between windows,
 * and the feed holds the loop one window's read and writing at a time.
 */
async function* windows(read: (offset: number) => Promise<ListSlice<ClubEvent>>): AsyncGenerator<ClubEvent> {
  for (let offset = 0; ; offset += WINDOW) {
    await new Promise((resolve) => setImmediate(resolve));
    const slice = await read(offset);
    yield* slice.items;
    if (slice.items.length < WINDOW || offset + WINDOW >= slice.total) return;
  }
}

/** The feed's sources at `now`: see CalendarSources. */
export function calendarSources(send: Send, now: string): CalendarSources {
  const since = calendarCutoff(now);
  const upcoming = windows((offset) => upcomingEvents(send, now, WINDOW, offset, SINGLE_EVENTS));
  const recent = windows((offset) =>
    eventWindow(
      send,
      { limit: WINDOW, offset },
      { from: since, to: now, order: "desc" },
      (events) => pastOf(events, now).filter((event) => Date.parse(event.date) >= Date.parse(since)),
      SINGLE_EVENTS,
    ),
  );
  return { series: seriesSince(send, since), singles: nearestFirst(now, upcoming, recent) };
}
