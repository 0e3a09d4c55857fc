import { describe, expect, it } from "vitest";
import { action as blurAction } from "~/routes/admin.gallery_.$id.blur";
import { pngImage } from "../fixtures/images";
import { settle, signedInWithToken } from "./admin-test-helpers";
import { flashOf, ORIGIN, post } from "./harness";

/** 'Blur faces' in the Edit Gallery Image dialog: the resource route between the editor and the /api. */
const signedIn = signedInWithToken();

async function galleryImage(imageUrl?: string): Promise<{ id: number; imageUrl: string }> {
  const auth = { authorization: `Bearer ${signedIn.token}` };
  if (!imageUrl) {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(await pngImage(200, 100))], "a.png", { type: "image/png" }));
    const upload = await signedIn.h.api.fetch(
      new Request(`${ORIGIN}/api/admin/upload`, { method: "POST", headers: auth, body: form }),
    );
    imageUrl = ((await upload.json()) as { imageUrl: string }).imageUrl;
  }
  const created = await signedIn.h.api.fetch(
    new Request(`${ORIGIN}/api/admin/gallery`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ imageUrl }),
    }),
  );
  return (await created.json()) as { id: number; imageUrl: string };
}

function blur(id: string, regions: string, page = "", session = signedIn.cookie) {
  const request = post(`/admin/gallery/${id}/blur`, { regions, page }, session);
  return settle(() => blurAction({ request, context: signedIn.h.context, params: { id } }));
}

describe("the blur resource route", () => {
  it("blurs through the /api and returns to the dialog, on its list page, saying so", async () => {
    const image = await galleryImage();
    const response = await blur(String(image.id), JSON.stringify([{ x: 10, y: 10, width: 50, height: 40 }]), "3");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/gallery?page=3&edit=${image.id}`);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Faces blurred" });
    const { imageUrl } = await signedIn.h.read<{ imageUrl: string }>(`/api/gallery/${image.id}`);
    expect(imageUrl).toMatch(/^\/objects\/images\//);
    expect(imageUrl).not.toBe(image.imageUrl);
  });

  it("says the /api's refusals in its words, and sends a signed-out visitor to /admin", async () => {
    const image = await galleryImage();
    const failure = async (response: Response) => {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/admin/gallery?edit=${image.id}`);
      return flashOf(response);
    };
    const outside = await blur(String(image.id), JSON.stringify([{ x: 190, y: 0, width: 20, height: 10 }]));
    expect(await failure(outside)).toEqual({
      kind: "error",
      title: "Failed to blur faces",
      description: "regions.0: must lie inside the image (200 × 100 pixels)",
    });
    expect(await failure(await blur(String(image.id), "not json"))).toMatchObject({
      description: "regions: must be a list of regions",
    });
    expect((await signedIn.h.read<{ imageUrl: string }>(`/api/gallery/${image.id}`)).imageUrl).toBe(image.imageUrl);

    const external = await galleryImage("https://example.org/photo.jpg");
    const elsewhere = await blur(String(external.id), JSON.stringify([{ x: 0, y: 0, width: 5, height: 5 }]));
    expect(await flashOf(elsewhere)).toMatchObject({
      kind: "error",
      description: expect.stringMatching(/uploaded to this site/),
    });

    const signedOut = await blur(String(image.id), "[]", "", "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/admin");
  });
});
