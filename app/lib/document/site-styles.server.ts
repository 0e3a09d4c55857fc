import { readFileSync } from "node:fs";
import { join } from "node:path";
import albumStyles from "~/styles/albums.css";
import appStyles from "~/styles/app.css";
import controlStyles from "~/styles/controls.css";
import galleryStyles from "~/styles/gallery.css";
import placeholderStyles from "~/styles/placeholders.css";
import publicStyles from "~/styles/public.css";

/** In cascade order: later sheets may refine earlier ones. */
const SHEETS = [appStyles, controlStyles, publicStyles, galleryStyles, albumStyles, placeholderStyles];

let css: string | undefined;

/** The stylesheets every page uses, read once from the build (public/build/_assets). */
export function siteStyles(): string {
  css ??= SHEETS.map((href) => readFileSync(join("public", href), "utf8")).join("\n");
  return css;
}
