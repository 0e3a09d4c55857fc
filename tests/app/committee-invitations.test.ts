import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as committeeAction, loader as committeeLoader } from "~/routes/admin.committee";
import { args, settle } from "./admin-test-helpers";
import { createHarness, flashOf, get, post, type Harness } from "./harness";

/**
 * Pending invitations on the committee screen (docs/product.md, 'The committee'), as a
 * browser without JavaScript uses them: listed with who made them and until when,
 * 'Revoke' asked about by `?revoke={id}` and done by a POST that comes back with a notice.
 */
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  admin = await h.signIn();
});
afterAll(() => h.close());

interface Screen {
  invitations: Array<{ id: string; name: string; role: string; createdBy: { name: string } | null; expiresAt: string }>;
  revoking: string | null;
}

async function screen(path = "/admin/committee"): Promise<Screen> {
  const response = await settle(() => committeeLoader(args(get(path, admin), h.context)));
  expect(response.status).toBe(200);
  return (await response.json()) as Screen;
}

describe("pending invitations", () => {
  it("are listed, newest first, and one is revoked after its confirmation", async () => {
    for (const name of ["Ann Lee", "Bob Ray"]) {
      const made = await settle(() =>
        committeeAction(args(post("/admin/committee", { intent: "invite", name, role: "editor" }, admin), h.context)),
      );
      expect(made.status).toBe(200);
    }
    const { invitations } = await screen();
    expect(invitations.map(({ name, role, createdBy }) => ({ name, role, by: createdBy?.name }))).toEqual([
      { name: "Bob Ray", role: "editor", by: "admin" },
      { name: "Ann Lee", role: "editor", by: "admin" },
    ]);
    const ann = invitations[1];
    expect((await screen(`/admin/committee?revoke=${ann.id}`)).revoking).toBe(ann.id);
    expect((await screen("/admin/committee?revoke=not-an-id")).revoking).toBeNull();

    const revoked = await settle(() =>
      committeeAction(args(post("/admin/committee", { intent: "revoke", invitation: ann.id }, admin), h.context)),
    );
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/admin/committee");
    expect(await flashOf(revoked)).toMatchObject({ kind: "success", title: "Invitation revoked" });
    expect((await screen()).invitations.map((invitation) => invitation.name)).toEqual(["Bob Ray"]);

    // Revoked already (another tab): a notice in words, never a 500.
    const again = await settle(() =>
      committeeAction(args(post("/admin/committee", { intent: "revoke", invitation: ann.id }, admin), h.context)),
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      notice: { kind: "error", title: "Failed to revoke the invitation", description: "Invitation not found" },
    });
  });
});
