import type { Kysely } from "kysely";
import type { ContentVersion } from "../store/content-version";
import { extendAllSeries } from "../store/series-dates";
import type { Database } from "../store/schema";
import { startRepeating, type RepeatingJob } from "./repeating-job";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Repeating events' window (docs/product.md, 'Repeating events'): at start, then once a day, every
 * series gets its dates up to 18 months ahead. Every instance sharing a PostgreSQL database
 * runs it; each date is made once (insert-if-absent on the series and its date).
 */
export function startSeriesUpkeep(options: {
  db: Kysely<Database>;
  contentVersion: ContentVersion;
  timeZone: string;
  now: () => Date;
  log: (line: string) => void;
}): RepeatingJob {
  return startRepeating(async () => {
    try {
      const made = await extendAllSeries(options.db, options.timeZone, options.now());
      if (made > 0) {
        await options.contentVersion.bump();
        options.log(`Made ${made} event${made === 1 ? "" : "s"} of repeating series`);
      }
    } catch (err) {
      // The database away or the disk full: tomorrow's run makes what this one could not.
      options.log(`The repeating events' upkeep failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return DAY_MS;
  });
}
