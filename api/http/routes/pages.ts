import { Hono, type Context } from "hono";
import type { Kysely } from "kysely";
import { z } from "zod";
import { recordChange } from "../lib/activity";
import { requireAdmin } from "../lib/auth";
import { jsonLimit } from "../lib/body-limits";
import { TEXT_LIMITS } from "../../../common/text-limits";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { addRevisionRoutes } from "../lib/revision-routes";
import { optionalEmail, pageText, readJson, validate } from "../lib/validation";
import { addRevision, latestSave, type RevisionTarget } from "../../store/revisions";
import type { Database, RevisionKind } from "../../store/schema";
import { readTexts, WHAT_WE_DO_KEYS, WHO_WE_ARE_KEYS, writeTexts } from "../../store/site-texts";
import { inTransaction } from "../../store/transaction";

// A field left out of a PUT keeps its stored value; a field sent as '' clears it.
const whoWeAreSchema = z.object({
  aboutUs: pageText(TEXT_LIMITS.pageText).optional(),
  whoAreWe: pageText(TEXT_LIMITS.pageText).optional(),
  contactEmail: optionalEmail().optional(),
});

const whatWeDoSchema = z.object({
  mission: pageText(TEXT_LIMITS.pageText).optional(),
  activities: pageText(TEXT_LIMITS.pageText).optional(),
  impact: pageText(TEXT_LIMITS.pageText).optional(),
});

function provided(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The two page texts: their /api path, where they are stored, and their history's name. */
const PAGES = [
  { path: "who-we-are", stored: "whoWeAre", title: "Who We Are", keys: WHO_WE_ARE_KEYS, schema: whoWeAreSchema },
  { path: "what-we-do", stored: "whatWeDo", title: "What We Do", keys: WHAT_WE_DO_KEYS, schema: whatWeDoSchema },
] as const;
type Page = (typeof PAGES)[number];

export function pageRoutes(deps: ApiDeps) {
  const { db } = deps.store;
  const admin = requireAdmin(deps);
  const app = new Hono<ApiEnv>();

  /**
   * Writes a page's texts and keeps the whole page as a revision (docs/product.md,
   * 'Publishing'); answers the page as stored. The caller records the change.
   */
  async function savePage(
    c: Context<ApiEnv>,
    page: Page,
    texts: Record<string, string>,
    kind: RevisionKind,
  ): Promise<Record<string, string>> {
    const target: RevisionTarget = { type: "pages", key: page.path };
    const by = c.get("user");
    const saved = await inTransaction(db, async (trx: Kysely<Database>) => {
      const now = deps.now();
      await writeTexts(trx, page.stored, texts, now);
      const fields = await readTexts(trx, page.stored, page.keys);
      const version = ((await latestSave(trx, target))?.version ?? 0) + 1;
      await addRevision(trx, target, { kind, version, at: now, by: { id: by.id, name: by.name }, fields });
      return fields;
    });
    return saved;
  }

  for (const page of PAGES) {
    app.get(`/${page.path}`, async (c) => c.json(await readTexts(db, page.stored, page.keys)));

    app.put(`/admin/${page.path}`, admin, jsonLimit, async (c) => {
      const input = validate(page.schema, await readJson(c));
      const saved = await savePage(c, page, provided(input), "save");
      await recordChange(deps, c, "page.update", { type: "page", id: page.stored, title: page.title });
      return c.json(saved);
    });

    addRevisionRoutes(app, deps, {
      base: `/admin/pages/${page.path}`,
      target: async () => ({ type: "pages", key: page.path }),
      restore: async (c, _target, revision) => {
        const texts = validate(page.schema, revision.fields);
        const saved = await savePage(c, page, provided(texts), "restore");
        await recordChange(deps, c, "page.restore", { type: "page", id: page.stored, title: page.title });
        return saved;
      },
    });
  }

  return app;
}
