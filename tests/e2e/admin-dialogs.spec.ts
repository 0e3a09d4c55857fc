import { failCreateEvent } from "./event-dialog";
import { expect, test, signIn } from "./fixtures";

// Issue 9: after a failed save the volunteer lands on what to fix. With JavaScript the
// dialog moves the focus there; without it the server's page marks it autofocus.

test("after a failed save the first field in error has the focus", async ({ page }) => {
  await signIn(page);
  const create = await failCreateEvent(page);
  await expect(create.getByLabel("Booking URL")).toHaveAttribute("aria-invalid", "true");
  await expect(create.getByLabel("Booking URL")).toBeFocused();
  await expect(create.getByLabel("Name")).toHaveValue("Never saved");
});
