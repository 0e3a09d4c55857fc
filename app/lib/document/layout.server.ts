import type { AppLoadContext } from "@remix-run/node";
import { env } from "../config.server";
import { mailOffered } from "../public/mail-offered.server";
import { whoWeAreContactEmail } from "./contact-email.server";

/**
 * The root route's loader: what the frame of every page shows (the club's name, the
 * footer links). In a module of its own so the root route imports a single server
 * module: the browser build swaps each for an empty file, and every page would
 * download one per import.
 */
export async function layoutData(context: AppLoadContext) {
  const config = env();
  return {
    siteName: config.SITE_NAME,
    footer: {
      messagingGroupUrl: config.MESSAGING_GROUP_URL,
      socialGroupUrl: config.SOCIAL_GROUP_URL,
      // One contact address: the Who We Are page's when it has one (docs/product.md, 'Footer').
      contactEmail: (await whoWeAreContactEmail(context)) ?? config.CONTACT_EMAIL,
      // Beside the product's own links, only when e-mail is set up (docs/product.md, 'E-mail').
      subscribe: mailOffered(),
    },
  };
}
