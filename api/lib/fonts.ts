/**
 * The three font families the news editor may apply (span style="font-family: …").
 * The API's sanitiser keeps a font-family only when it is one of these.
 */
export const FONT_FAMILIES = ['sans-serif', 'serif', 'monospace'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
