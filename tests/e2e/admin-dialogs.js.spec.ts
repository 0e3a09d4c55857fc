import { failCreateEvent } from "./event-dialog";
import { expect, test, signIn } from "./fixtures";

// Issue 9: a modal admin dialog fits the screen. Its title and its actions stay in
// view however long the form. (Without JavaScript the dialog is the page itself.)

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 667 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the dialog's title and actions stay in view while its form scrolls", async ({ page }) => {
      await signIn(page);
      const create = await failCreateEvent(page);
      const title = create.getByRole("heading", { name: "Create Event" });
      const actions = [
        create.getByRole("link", { name: "Cancel" }),
        create.getByRole("button", { name: "Create Event" }),
      ];

      // From the first field to the last and back: the form moves, the frame does not.
      for (const field of ["Name", "Booking URL", "Organiser", "Image", "Name"]) {
        await create.getByLabel(field, { exact: true }).focus();
        await expect(create.getByLabel(field, { exact: true })).toBeInViewport();
        await expect(title).toBeInViewport({ ratio: 1 });
        for (const action of actions) await expect(action).toBeInViewport({ ratio: 1 });
      }

      await actions[0].click();
      await expect(create).toHaveCount(0);
    });
  });
}
