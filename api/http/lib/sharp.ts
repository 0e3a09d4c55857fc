/** The /api's image work and the web app's shrinking of posted photos share one loader (common/sharp.ts). */
export { loadSharp, type SharpFactory } from "../../../common/sharp";
