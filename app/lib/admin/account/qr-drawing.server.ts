/**
 * The /api draws the set-up QR code as SVG. Rather than put its markup in the page, the
 * page keeps only what a QR code is made of, each part checked against a strict
 * pattern: the size, and the path of the dark modules (moves and lines, nothing else).
 * The app then draws its own <svg> from those, so nothing the upstream sends can add an
 * element, an attribute or a script to the page.
 */
export interface QrDrawing {
  /** "0 0 N N" */
  viewBox: string;
  /** The dark modules as one stroked path: M, m, h, v and numbers only. */
  path: string;
}

const VIEW_BOX = /\sviewBox="(0 0 \d{1,3} \d{1,3})"/;
const STROKED_PATH = /<path\s+stroke="#[0-9a-fA-F]{3,8}"\s+d="([Mmhv0-9 .]{1,100000})"\s*\/>/;

export function qrDrawing(svg: string): QrDrawing | null {
  const viewBox = VIEW_BOX.exec(svg)?.[1];
  const path = STROKED_PATH.exec(svg)?.[1];
  return viewBox && path ? { viewBox, path } : null;
}
