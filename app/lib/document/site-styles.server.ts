import { readFileSync } from "node:fs";
import { join } from "node:path";
import appStyles from "~/styles/app.css";
import publicStyles from "~/styles/public.css";

let css: string | undefined;

/** The stylesheets every page uses, read once from the build (public/build/_assets). */
export function siteStyles(): string {
  css ??= [appStyles, publicStyles].map((href) => readFileSync(join("public", href), "utf8")).join("\n");
  return css;
}
