import { json } from "@remix-run/node";
import { env } from "./env.server";
import { takeNotice } from "./session.server";

/**
 * The root route's loader: what the frame of every page shows (the club's name, the
 * footer links) and the one-shot notice. In a module of its own so the root route
 * imports a single server module: the browser build swaps each for an empty file,
 * and every page would download one per import.
 */
export async function layoutData(request: Request) {
  const config = env();
  const { notice, setCookie } = await takeNotice(request);
  return json(
    {
      siteName: config.SITE_NAME,
      footer: {
        messagingGroupUrl: config.MESSAGING_GROUP_URL,
        socialGroupUrl: config.SOCIAL_GROUP_URL,
        contactEmail: config.CONTACT_EMAIL,
      },
      notice,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}
