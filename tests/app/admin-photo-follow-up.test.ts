import { describe, expect, it } from "vitest";
import { consentNotRecordedText, withoutDescriptionText } from "~/lib/admin/gallery/follow-up";
import { loader as galleryLoader, action as galleryAction } from "~/routes/admin.gallery";
import { action as consentAction, loader as consentLoader } from "~/routes/admin.gallery_.consent";
import { action as descriptionsAction, loader as descriptionsLoader } from "~/routes/admin.gallery_.descriptions";
import { action as newsAction } from "~/routes/admin.news";
import { action as eventsAction } from "~/routes/admin.events";
import { flashOf, get, ORIGIN, post } from "./harness";
import { args, failureOf, settle, signedInWithToken } from "./admin-test-helpers";

/**
 * docs/product.md, 'Image descriptions and consent', as the admin screens do it without
 * JavaScript: plain form posts to the actions, and what the loaders hand the pages.
 */
interface Image {
  id: number;
  caption: string | null;
  altText: string | null;
  consentBy: string | null;
  consentAt: string | null;
}

const signedIn = signedInWithToken();

async function api(path: string, method = "GET", body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${signedIn.token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return signedIn.h.api.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) }),
  );
}

const image = async (id: number) => (await (await api(`/api/gallery/${id}`)).json()) as Image;

async function addImage(caption: string, extra: object = {}): Promise<number> {
  const response = await api("/api/admin/gallery", "POST", {
    imageUrl: "https://example.com/p.jpg",
    caption,
    ...extra,
  });
  return ((await response.json()) as { id: number }).id;
}

async function clearGallery() {
  const all = (await (await api("/api/gallery?limit=100")).json()) as Image[];
  for (const { id } of all) await api(`/api/admin/gallery/${id}`, "DELETE");
}

const load = async <T>(loader: (a: never) => unknown, path: string) =>
  (await (await settle(() => loader(args(get(path, signedIn.cookie), signedIn.h.context) as never))).json()) as T;
const send = (action: (a: never) => unknown, path: string, fields: Record<string, string>) =>
  settle(() => action(args(post(path, fields, signedIn.cookie), signedIn.h.context) as never));

describe("the words of the follow-up links", () => {
  it("says one image and many images right", () => {
    expect(withoutDescriptionText(1)).toBe("1 image has no description");
    expect(withoutDescriptionText(3)).toBe("3 images have no description");
    expect(consentNotRecordedText(1)).toBe("1 image: consent not recorded");
    expect(consentNotRecordedText(2)).toBe("2 images: consent not recorded");
  });
});

describe("Manage Gallery's follow-up", () => {
  it("hands the page the counts and each image's consent record", async () => {
    await clearGallery();
    const described = await addImage("Described", { altText: "A slide", consent: true });
    await addImage("Bare");
    const data = await load<{ followUp: unknown; images: Image[] }>(galleryLoader, "/admin/gallery");
    expect(data.followUp).toEqual({ withoutDescription: 1, consentNotRecorded: 1 });
    const shown = data.images.find((one) => String(one.id) === String(described));
    expect(shown).toMatchObject({ altText: "A slide", consentBy: "admin", consentAt: expect.any(String) });
  });

  it("the image dialog stores a description, keeps it when the form has none and clears it when blank", async () => {
    await clearGallery();
    const created = await send(galleryAction, "/admin/gallery", {
      intent: "create",
      imageUrl: "https://example.com/den.jpg",
      caption: "The den",
      altText: " Two dads building a den ",
    });
    expect(await flashOf(created)).toEqual({ kind: "success", title: "Image added to gallery" });
    const [stored] = (await (await api("/api/gallery")).json()) as Image[];
    expect(stored.altText).toBe("Two dads building a den");
    const fields = { intent: "update", id: String(stored.id), imageUrl: "https://example.com/den.jpg", caption: "Den" };
    await send(galleryAction, "/admin/gallery", fields);
    expect((await image(stored.id)).altText).toBe("Two dads building a den");
    await send(galleryAction, "/admin/gallery", { ...fields, altText: "" });
    expect((await image(stored.id)).altText).toBeNull();
  });

  it("refuses a description over 250 characters beside the field", async () => {
    const failure = await failureOf(
      await send(galleryAction, "/admin/gallery", {
        intent: "create",
        imageUrl: "https://example.com/x.jpg",
        caption: "",
        altText: "x".repeat(251),
      }),
    );
    expect(failure.fieldErrors).toEqual({ altText: "Image description is too long: at most 250 characters" });
  });
});

describe("news and event image descriptions", () => {
  it("the news form stores its image description", async () => {
    const response = await send(newsAction, "/admin/news", {
      intent: "create",
      title: "Den day",
      publishedAt: "2026-03-01",
      content: "Hello",
      imageUrl: "https://example.com/n.jpg",
      imageAlt: "Children's den in the woods",
    });
    expect(response.status).toBe(302);
    const [item] = (await (await api("/api/news")).json()) as Array<{ imageAlt: string }>;
    expect(item.imageAlt).toBe("Children's den in the woods");
  });

  it("the event form stores its image description", async () => {
    const response = await send(eventsAction, "/admin/events", {
      intent: "create",
      name: "Den building",
      date: "2031-03-01T10:00",
      comment: "Bring gloves",
      bookingUrl: "https://example.com/book",
      imageUrl: "https://example.com/e.jpg",
      imageAlt: "A den of branches",
    });
    expect(response.status).toBe(302);
    const [event] = (await (await api("/api/events")).json()) as Array<{ imageAlt: string }>;
    expect(event.imageAlt).toBe("A den of branches");
  });
});

describe("Images without a description (/admin/gallery/descriptions)", () => {
  it("lists them a page of 20 at a time and saves the descriptions typed, leaving blank ones for later", async () => {
    await clearGallery();
    const ids: number[] = [];
    for (let n = 0; n < 22; n += 1) ids.push(await addImage(`Photo ${n}`));
    const first = await load<{ images: Image[]; paging: unknown }>(descriptionsLoader, "/admin/gallery/descriptions");
    expect(first.images).toHaveLength(20);
    expect(first.paging).toEqual({ page: 1, pages: 2 });

    const [a, b] = first.images;
    const response = await send(descriptionsAction, "/admin/gallery/descriptions", {
      [`altText-${a.id}`]: "Dads at the barbecue",
      [`altText-${b.id}`]: "  ",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/gallery/descriptions");
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Descriptions saved" });
    expect((await image(a.id)).altText).toBe("Dads at the barbecue");
    expect((await image(b.id)).altText).toBeNull();
    const after = await load<{ images: Image[]; total: number }>(descriptionsLoader, "/admin/gallery/descriptions");
    expect(after.total).toBe(21);
  });

  it("keeps what was typed and names the field when a description is too long; nothing is saved", async () => {
    const [a, b] = (await load<{ images: Image[] }>(descriptionsLoader, "/admin/gallery/descriptions")).images;
    const failure = await failureOf(
      await send(descriptionsAction, "/admin/gallery/descriptions", {
        [`altText-${a.id}`]: "Fine",
        [`altText-${b.id}`]: "x".repeat(251),
      }),
    );
    expect(failure.fieldErrors).toEqual({
      [`altText-${b.id}`]: "Image description is too long: at most 250 characters",
    });
    expect(failure.values[`altText-${a.id}`]).toBe("Fine");
    expect((await image(a.id)).altText).toBeNull();
  });
});

describe("Images without a consent record (/admin/gallery/consent)", () => {
  it("asks for the confirmation before recording anything", async () => {
    await clearGallery();
    const id = await addImage("No consent yet");
    const failure = await failureOf(await send(consentAction, "/admin/gallery/consent", { [`consent-${id}`]: "yes" }));
    expect(failure.fieldErrors.confirm).toBe("Tick the confirmation first.");
    expect((await image(id)).consentBy).toBeNull();
  });

  it("records who and when for the images ticked, and leaves the others listed", async () => {
    await clearGallery();
    const ticked = await addImage("Ticked");
    const unticked = await addImage("Not ticked");
    const listed = await load<{ images: Image[] }>(consentLoader, "/admin/gallery/consent");
    expect(listed.images.map((one) => one.id)).toEqual([String(unticked), String(ticked)]);

    const response = await send(consentAction, "/admin/gallery/consent", {
      [`consent-${ticked}`]: "yes",
      confirm: "yes",
    });
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Consent recorded" });
    expect(await image(ticked)).toMatchObject({ consentBy: "admin", consentAt: expect.any(String) });
    expect((await image(unticked)).consentBy).toBeNull();
    const after = await load<{ images: Image[] }>(consentLoader, "/admin/gallery/consent");
    expect(after.images.map((one) => one.id)).toEqual([String(unticked)]);
  });
});
