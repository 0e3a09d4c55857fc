import { env } from "./config.server";
import { siteOrigin } from "~/lib/security/origin.server";

/** What every public loader tells its page about the site: its name, its address and its clock. */
export interface SiteInfo {
  name: string;
  /** Absolute origin for share links and Open Graph URLs (see siteOrigin). */
  origin: string;
  timeZone: string;
  /** The moment past and upcoming were judged by, so server and browser agree. */
  now: string;
}

export function siteInfo(): SiteInfo {
  const config = env();
  return {
    name: config.SITE_NAME,
    origin: siteOrigin(),
    timeZone: config.SITE_TIME_ZONE,
    now: new Date().toISOString(),
  };
}
