import { env } from "~/lib/env.server";

/** What every public loader tells its page about the site: its name, its address and its clock. */
export interface SiteInfo {
  name: string;
  /** Absolute origin for share links and Open Graph URLs: SITE_URL, else the request's own. */
  origin: string;
  timeZone: string;
  /** The moment past and upcoming were judged by, so server and browser agree. */
  now: string;
}

export function siteInfo(request: Request): SiteInfo {
  const config = env();
  return {
    name: config.SITE_NAME,
    origin: (config.SITE_URL ?? new URL(request.url).origin).replace(/\/+$/, ""),
    timeZone: config.SITE_TIME_ZONE,
    now: new Date().toISOString(),
  };
}
