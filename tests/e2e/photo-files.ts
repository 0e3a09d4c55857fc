import sharp from "sharp";

/** Photo n of the batch, 100 + n pixels wide, so its place can be read back from the stored file. */
export async function batchOfPhotos(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `photo-${String(i + 1).padStart(2, "0")}.png`,
      mimeType: "image/png",
      buffer: await sharp({
        create: { width: 101 + i, height: 40, channels: 3, background: { r: 20, g: 120, b: 9 * i } },
      })
        .png()
        .toBuffer(),
    })),
  );
}
