import { redirect } from "@remix-run/node";
import { z } from "zod";
import { galleryListSchema } from "../../upstream/answers.server";
import { pageNumberOf } from "../../paging/page-number";
import { pageHref } from "../../paging/pages";
import { readPage } from "../../paging/read-page.server";
import { readSlice } from "../../upstream/lists.server";
import { UpstreamError } from "../../upstream/client.server";
import type { AdminUpstream } from "../client.server";
import { fieldOf, FOLLOW_UP_PATHS, type FollowUpNeed } from "./follow-up";
import { descriptionField, firstProblem, parseForm } from "../forms/schemas.server";
import { formFailure, runMutation, replyWith } from "../forms/mutation.server";
import { DESCRIPTION_LABEL } from "../photo-texts";

/**
 * The gallery's follow-up (docs/product.md, 'Image descriptions and consent'): the
 * counts Manage Gallery shows, and the two screens that list the images concerned a
 * page at a time, each saved with one /api call.
 */
const FOLLOW_UP_API = "/api/admin/gallery/follow-up";
/** Images per follow-up page: the /api takes up to 100 in one save. */
export const FOLLOW_UP_PAGE_SIZE = 20;

const countsSchema = z.object({
  withoutDescription: z.number().int().nonnegative(),
  consentNotRecorded: z.number().int().nonnegative(),
});
export type FollowUpCounts = z.infer<typeof countsSchema>;

/** The two counts; null from an upstream without the follow-up calls (docs/product.md, 'The calls it makes' alone). */
export async function readFollowUpCounts(admin: AdminUpstream): Promise<FollowUpCounts | null> {
  try {
    return await admin.getJson(FOLLOW_UP_API, countsSchema);
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

/** One page (?page=N) of the images that need this; past the last page, the last one. */
export async function readFollowUpPage(request: Request, admin: AdminUpstream, need: FollowUpNeed) {
  const { items, total, page, pages } = await readPage(
    request,
    FOLLOW_UP_PAGE_SIZE,
    (limit, offset) =>
      readSlice(admin.send, { path: `${FOLLOW_UP_API}/${need}`, schema: galleryListSchema, limit, offset }),
    (last) => {
      throw redirect(pageHref(FOLLOW_UP_PATHS[need], last));
    },
  );
  return { images: items, total, paging: { page, pages } };
}

/** The image ids a posted form names in its `prefix-ID` fields (a page's worth at most). */
function idsIn(fields: Record<string, string>, prefix: string): number[] {
  const pattern = new RegExp(`^${prefix}-(\\d{1,15})$`);
  return Object.keys(fields)
    .flatMap((name) => pattern.exec(name)?.[1] ?? [])
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .slice(0, 100);
}

/** The words the image dialogs use for it: 'Image description is too long: at most 250 characters'. */
function descriptionProblem(value: string): string | null {
  const submission = parseForm(
    z.object({ altText: descriptionField() }),
    { altText: value },
    { altText: DESCRIPTION_LABEL },
  );
  return submission.status === "success" ? null : firstProblem(submission.error);
}

function saveCall(admin: AdminUpstream, images: object[]) {
  return () => admin.send(FOLLOW_UP_API, { method: "PUT", json: { images } });
}

/** Saves the descriptions typed on the page; a blank one is left for later. */
export async function saveDescriptions(request: Request, admin: AdminUpstream, fields: Record<string, string>) {
  const values = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.trim()]));
  const problems = idsIn(values, "altText").flatMap((id) => {
    const name = fieldOf("altText", String(id));
    const problem = descriptionProblem(values[name]);
    return problem ? [[name, problem] as const] : [];
  });
  const failure = (problem: string) => ({
    kind: "error" as const,
    title: "Failed to save descriptions",
    description: problem,
  });
  if (problems.length > 0) return formFailure(failure(problems[0][1]), replyWith(fields, Object.fromEntries(problems)));
  const images = idsIn(values, "altText")
    .map((id) => ({ id, altText: values[fieldOf("altText", String(id))] }))
    .filter((image) => image.altText !== "");
  if (images.length === 0) return formFailure(failure("Type a description for at least one image."), replyWith(fields));
  return runMutation(request, {
    call: saveCall(admin, images),
    success: { kind: "success", title: "Descriptions saved" },
    failure,
    redirectTo: pageOf(request, "description"),
    labels: { altText: DESCRIPTION_LABEL },
    values: fields,
  });
}

/** Records consent for the images ticked, once the administrator has confirmed it. */
export async function recordConsent(request: Request, admin: AdminUpstream, fields: Record<string, string>) {
  const failure = (problem: string) => ({
    kind: "error" as const,
    title: "Failed to record consent",
    description: problem,
  });
  if (fields.confirm !== "yes") {
    return formFailure(failure(CONFIRM_FIRST), replyWith(fields, { confirm: CONFIRM_FIRST }));
  }
  const images = idsIn(fields, "consent")
    .filter((id) => fields[fieldOf("consent", String(id))] === "yes")
    .map((id) => ({ id, consent: true }));
  if (images.length === 0) return formFailure(failure(CHOOSE_ONE), replyWith(fields));
  return runMutation(request, {
    call: saveCall(admin, images),
    success: { kind: "success", title: "Consent recorded" },
    failure,
    redirectTo: pageOf(request, "consent"),
    labels: {},
    values: fields,
  });
}

const CONFIRM_FIRST = "Tick the confirmation first.";
const CHOOSE_ONE = "Choose at least one image.";

/** Back to the same page once the saved images have left the list (readPage moves back from past the last). */
function pageOf(request: Request, need: FollowUpNeed): string {
  return pageHref(FOLLOW_UP_PATHS[need], pageNumberOf(new URL(request.url).searchParams.get("page")));
}
