/**
 * What the public routes' loaders and actions call, from one module. The browser build
 * swaps every server module a route imports for an empty file, and each distinct import
 * costs every page that route serves its own few bytes and request line; so each public
 * route imports this module alone (docs/architecture.md, 'Budgets').
 */
export { publicMeta } from "./meta.server";
// The 404 route's loader: the same one import, so its chunks and the public pages' stay one.
export { notFound } from "../not-found.server";
export {
  eventPageData,
  eventsPageData,
  galleryPageData,
  homePageData,
  newsItemPageData,
  newsPageData,
  whatWeDoPageData,
  whoWeArePageData,
} from "./pages.server";
export { albumPageData, albumsPageData, eventAlbumPath, galleryAlbumsOf } from "../gallery/albums.server";
// The pages that show the gallery read it as this visitor may see it (parents-only albums).
export { visitorSend } from "../gallery/visitor-send.server";
export { unlockGallery, type UnlockFailure } from "../gallery/unlock.server";
// E-mail updates: /subscribe, the confirmation link's page and the manage link's page.
export {
  changeSubscription,
  confirmPageData,
  confirmSubscription,
  managePageData,
  subscribe,
  subscribePageData,
  type ConfirmResult,
  type ManageResult,
  type SubscribeResult,
} from "./subscriptions.server";
// Bookings on the club's own site: the booking page and the private link's page.
export { bookEvent, bookPageData, type BookResult } from "../bookings/book-page.server";
export {
  changePrivateBooking,
  privateBookingPageData,
  type PrivateBookingResult,
} from "../bookings/private-page.server";
export { BOOKING_PAGE_HEADERS, PRIVATE_PAGE_HEADERS } from "../private-page.server";
