import type Sharp from "sharp";

export type SharpFactory = typeof Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded on the first image rather than at start (libvips is about 20 MB the
 * pages never need), and set up for a server that sees each upload once:
 * - no operation cache: it would keep up to 50 MB of decoded uploads that never recur;
 * - one libvips thread per image: with glibc's malloc each extra thread fragments
 *   memory that is then not given back (sharp's own default there, made explicit).
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
