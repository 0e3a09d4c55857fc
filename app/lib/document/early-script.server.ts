/**
 * The one script that runs before the first paint, inline in the head (root.tsx):
 *
 * - it marks the document as scripted (`js` on <html>), so CSS can fold the links on a
 *   small screen into a menu behind the toggle;
 * - it runs that toggle. The page's own scripts come only after the first paint
 *   (scripts-after-paint.server.ts); on a slow phone a toggle that waited for them
 *   would be a dead button for a second or more. So the toggle is this listener's
 *   from the start, and React (SiteHeader) only closes the menu when a link is followed.
 */
export const EARLY_SCRIPT = `
document.documentElement.classList.add("js");
document.addEventListener("click", function (event) {
  var toggle = event.target instanceof Element ? event.target.closest(".menu-toggle") : null;
  var menu = toggle && document.getElementById(toggle.getAttribute("aria-controls"));
  if (!menu) return;
  var open = toggle.getAttribute("aria-expanded") !== "true";
  toggle.setAttribute("aria-expanded", String(open));
  toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  menu.setAttribute("data-open", String(open));
});`.replace(/\n\s*/g, "");
