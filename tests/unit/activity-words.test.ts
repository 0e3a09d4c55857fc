import { describe, expect, it } from "vitest";
import { describeAction, personLabel, targetHref, targetName } from "~/lib/admin/activity/activity-words";

/** Recent changes in words (docs/product.md, 'The committee'). */
describe("the record of changes in words", () => {
  it.each([
    ["news.update", "edited the news article"],
    ["events.create", "added the event"],
    ["gallery.delete", "deleted the gallery image"],
    ["gallery.blur", "blurred faces in the gallery image"],
    ["page.update", "edited the page"],
    ["upload.create", "uploaded an image"],
    ["auth.sign-in", "signed in"],
    ["user.invite", "made an invitation for"],
    ["user.invite-revoke", "withdrew the invitation for"],
    ["two-factor.locked", "typed 10 wrong codes in a row, locking the two-factor sign-in of"],
    ["album.create", "added the album"],
    ["album.order", "reordered the images of the album"],
    ["twofactor.something-new", "twofactor.something-new"],
  ])("says %s as '%s'", (action, words) => {
    expect(describeAction(action)).toBe(words);
  });

  it("links an item to where it is edited while it exists, and names it by its title or its kind and id", () => {
    expect(targetHref({ type: "news", id: "5", title: "Fair" }, false)).toBe("/admin/news?edit=5");
    expect(targetHref({ type: "news", id: "5", title: "Fair" }, true)).toBeNull();
    expect(targetHref({ type: "page", id: "whatWeDo", title: "What We Do" }, false)).toBe("/admin/what-we-do");
    expect(targetHref({ type: "user", id: "2", title: "Ann" }, false)).toBeNull();
    expect(targetHref(null, false)).toBeNull();
    expect(targetHref({ type: "album", id: "3", title: "Fair" }, false)).toBe("/admin/gallery/albums/3");
    expect(targetHref({ type: "album", id: "3", title: "Fair" }, true)).toBeNull();
    expect(targetName({ type: "image", id: "abc", title: null })).toBe("image abc");
    expect(targetName({ type: "sign-in", id: "password", title: null })).toBe("");
  });

  it("names a person with their username beside, unless they are shown by it or it is unknown", () => {
    expect(personLabel({ name: "Jane Doe", username: "jdoe" })).toBe("Jane Doe (jdoe)");
    expect(personLabel({ name: "admin", username: "admin" })).toBe("admin");
    expect(personLabel({ name: "Old Line", username: null })).toBe("Old Line");
  });
});
