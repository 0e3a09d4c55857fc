import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminCookie, AdminApi } from "../../scripts/bench/admin-client";
import { queryStored } from "../api/helpers";
import { CONSENT_CONFIRMATION } from "~/lib/admin/photo-texts";
import { TEXT_FILE } from "../fixtures/images";
import { servingForTests } from "../fixtures/real-server";
import { postAddImages } from "./add-images-form";

/**
 * Many photos at once without JavaScript (docs/product.md, 'Photos'), through the real server
 * on both stores: one form posts 20 photos and a file that is no image; the 20 become
 * gallery images of the album in the order they were picked, with the consent record,
 * and the captions screen names the refused file.
 */
const PASSWORD = "batch-test-password-1";
const serving = servingForTests("club-photo-batch-", { ADMIN_PASSWORD: PASSWORD });

/** A photo whose width tells which file it was: 100 + its place in the batch. */
function photo(place: number): Promise<Buffer> {
  return sharp({ create: { width: 100 + place, height: 60, channels: 3, background: { r: 30, g: 90, b: place * 10 } } })
    .jpeg()
    .toBuffer();
}

describe("a batch of photos posted in one form", () => {
  it("adds the 20 photos to the album in file order, records consent and names the refused file", async () => {
    const api = await AdminApi.login(serving.base, PASSWORD);
    const album = await api.send<{ id: number }>("POST", "/api/admin/albums", {
      title: "Summer fair",
      date: "2026-06-20",
    });
    const cookie = await adminCookie(serving.base, PASSWORD);

    const files: File[] = [];
    for (let place = 1; place <= 20; place++) {
      files.push(new File([new Uint8Array(await photo(place))], `photo-${place}.jpg`, { type: "image/jpeg" }));
      if (place === 8) files.push(new File([new Uint8Array(TEXT_FILE)], "notes.txt", { type: "text/plain" }));
    }
    const { status, next } = await postAddImages(serving.base, cookie, album.id, files);
    expect(status).toBe(302);
    expect(next.pathname).toBe("/admin/gallery/captions");
    expect(next.searchParams.getAll("refused")).toEqual(["invalid:notes.txt"]);
    const ids = (next.searchParams.get("ids") ?? "").split(".").map(Number);
    expect(ids).toHaveLength(20);

    // Straight from the store under test: the album's order is its images' positions.
    const rows = await queryStored<{
      id: number;
      image_url: string;
      consent_by: string | null;
      consent_at: string | null;
    }>(
      serving.dataDir,
      "SELECT id, image_url, consent_by, consent_at FROM gallery WHERE album_id = ? ORDER BY position",
      album.id,
    );
    expect(rows.map((row) => Number(row.id))).toEqual(ids);
    for (const row of rows) {
      expect(row.consent_by).toBe("admin");
      expect(row.consent_at).toBeTruthy();
    }
    const widths = await Promise.all(
      rows.map(async (row) => {
        const bytes = Buffer.from(await (await fetch(`${serving.base}${row.image_url}`)).arrayBuffer());
        return (await sharp(bytes).metadata()).width;
      }),
    );
    expect(widths).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));

    const captions = await (await fetch(next, { headers: { Cookie: cookie } })).text();
    expect(captions).toContain("notes.txt");
    expect(captions).toContain("Invalid file");
    expect(captions.match(/name="altText-\d+"/g)).toHaveLength(20);
  });

  it("asks for consent on the form, and the albums' 100 newest or 'No album' alone", async () => {
    const cookie = await adminCookie(serving.base, PASSWORD);
    const page = await (await fetch(`${serving.base}/admin/gallery/add`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(CONSENT_CONFIRMATION);
    expect(page).toMatch(/<input[^>]*type="file"[^>]*name="images"[^>]*multiple/);
    expect(page).toContain("No album");
  });
});
