/**
 * The item pages' views, imported as they are on the server only (a .server module is
 * empty in the browser's build): the preview page draws them at once in its HTML, so it
 * is whole without JavaScript, while the browser fetches the one it shows on its own.
 */
export { EventItemView } from "./EventItemView";
export { NewsItemView } from "./NewsItemView";
