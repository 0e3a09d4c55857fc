import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminCookie } from "../../scripts/bench/admin-client";
import { queryStored } from "../api/helpers";
import { meanColour, PHONE_PHOTO, phonePhoto } from "../fixtures/phone-photo";
import { servingForTests } from "../fixtures/real-server";
import { postAddImages } from "./add-images-form";

/**
 * Photos straight from a phone through Add Images without JavaScript (docs/product.md,
 * 'Photos'), through the real server as `npm start` runs it: a 12 MB, 4,000 × 3,000 photo
 * lying on its side (EXIF orientation 6) is shrunk by the server before the /api's 5 MB
 * upload and stored upright, at most 2,560 px on its longest side, with no EXIF; a file over
 * 20 MB is named as too large and the rest of the batch goes on.
 */
const PASSWORD = "phone-photo-password-1";
const serving = servingForTests("club-phone-photo-", { ADMIN_PASSWORD: PASSWORD });
const MB = 1024 * 1024;

describe("a phone's photo in Add Images without JavaScript", () => {
  it("is shrunk, turned upright and stripped; a file over 20 MB is refused by name", async () => {
    const photo = await phonePhoto();
    expect(photo.byteLength).toBeGreaterThan(11 * MB);
    expect(photo.byteLength).toBeLessThan(14 * MB);
    const cookie = await adminCookie(serving.base, PASSWORD);

    const { status, next } = await postAddImages(serving.base, cookie, null, [
      new File([new Uint8Array(photo)], "IMG_2041.JPG", { type: "image/jpeg" }),
      new File([new Uint8Array(20 * MB + 1)], "huge.jpg", { type: "image/jpeg" }),
    ]);
    expect(status).toBe(302);
    expect(next.searchParams.getAll("refused")).toEqual(["over-photo-limit:huge.jpg"]);
    const [id] = (next.searchParams.get("ids") ?? "").split(".").map(Number);
    expect(id).toBeGreaterThan(0);

    const [row] = await queryStored<{ image_url: string }>(
      serving.dataDir,
      "SELECT image_url FROM gallery WHERE id = ?",
      id,
    );
    const stored = Buffer.from(await (await fetch(`${serving.base}${row.image_url}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    // Upright: the photo was 4,000 wide lying down, so it stands 3,000 wide by 4,000 high, shrunk.
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "jpeg",
      width: Math.round((PHONE_PHOTO.height * 2560) / PHONE_PHOTO.width),
      height: 2560,
    });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The red corner of the stored pixels is top-right once the photo is upright.
    const topRight = await meanColour(stored, { left: 0.8, top: 0, width: 0.15, height: 0.15 });
    expect(topRight.red).toBeGreaterThan(200);
    expect(topRight.green).toBeLessThan(60);
    const topLeft = await meanColour(stored, { left: 0.05, top: 0, width: 0.15, height: 0.15 });
    expect(topLeft.green).toBeGreaterThan(90);

    const captions = await (await fetch(next, { headers: { Cookie: cookie } })).text();
    // The photo added is named by its file on its card; the refused one is named too.
    expect(captions).toContain("IMG_2041.JPG");
    expect(captions).toContain("huge.jpg");
    expect(captions).toContain("Each photo must be less than 20MB");
  }, 120_000);
});
