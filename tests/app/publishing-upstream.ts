import type { AppLoadContext } from "@remix-run/node";

/**
 * The publishing calls of the /api as the contract between the /api and the app states
 * them (revisions, restore, preview links, the preview itself, autosave), answered from
 * memory in front of the harness's real /api, which answers everything else (sign-in,
 * the session). The app's History, preview and autosave are tested against these shapes;
 * the /api's own tests hold it to the same ones.
 */
export interface StoredRevision {
  id: number;
  at: string;
  by: { id: number; name: string } | null;
  kind: "save" | "autosave" | "restore";
  version: number;
  fields: Record<string, string | null>;
}

export interface PublishingUpstream {
  context: AppLoadContext;
  /** Revisions of each `{collection}/{id}`, oldest first. */
  revisions: Map<string, StoredRevision[]>;
  /** The current version of each `{collection}/{id}`. */
  versions: Map<string, number>;
  /** The live preview tokens and what each shows. */
  previews: Map<string, { type: "news" | "events"; item: Record<string, unknown> }>;
  autosaves: Map<string, { at: string; version: number; fields: Record<string, unknown> }>;
  /** Every call the app made to these endpoints: method, path and JSON body. */
  calls: Array<{ method: string; path: string; body: unknown }>;
}

const SAM = { id: 1, name: "Sam Patel" };

/** `count` saves of a news item, an hour apart from 1 Nov 2026 09:00 UTC, each titled 'Fair {n}'. */
export function newsRevisions(count: number, content = (n: number) => `<p>The fair <strong>${n}</strong></p>`) {
  return Array.from({ length: count }, (_, index): StoredRevision => ({
    id: index + 1,
    at: new Date(Date.UTC(2026, 10, 1, 9 + index)).toISOString(),
    by: SAM,
    kind: "save",
    version: index + 1,
    fields: {
      title: `Fair ${index + 1}`,
      content: content(index + 1),
      publishedAt: "2026-11-01T09:00:00.000Z",
      imageUrl: null,
      imageAlt: null,
      status: "draft",
      publishAt: null,
    },
  }));
}

function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

const CONFLICT = "This was changed by Sam Patel at Sun 1 Nov 2026, 10:00 since you opened it.";

export function publishingUpstream(context: AppLoadContext): PublishingUpstream {
  const state: PublishingUpstream = {
    context,
    revisions: new Map(),
    versions: new Map(),
    previews: new Map(),
    autosaves: new Map(),
    calls: [],
  };

  const answer = (request: Request, body: unknown): Response | null => {
    const { pathname, searchParams } = new URL(request.url);
    const method = request.method;
    const preview = /^\/api\/preview\/([^/]+)$/.exec(pathname);
    if (preview) {
      const shown = state.previews.get(preview[1]);
      return shown ? jsonAnswer(shown) : jsonAnswer({ message: "Not found" }, 404);
    }
    const match = /^\/api\/admin\/(news|events|pages)\/([\w-]+)(\/.*)?$/.exec(pathname);
    if (!match) return null;
    const [, collection, id, rest = ""] = match;
    const key = `${collection}/${id}`;
    const revisions = state.revisions.get(key);
    if (!revisions) return rest === "" ? null : jsonAnswer({ message: "Not found" }, 404);
    const version = state.versions.get(key) ?? revisions.length;
    const summary = ({ fields: _fields, ...row }: StoredRevision) => row;

    if (rest === "" && method === "GET") {
      const last = revisions[revisions.length - 1];
      return jsonAnswer({ id: Number(id), ...last.fields, version });
    }
    if (rest === "/revisions" && method === "GET") {
      const page = Number(searchParams.get("page") ?? "1");
      const newest = [...revisions].reverse();
      return jsonAnswer(newest.slice((page - 1) * 20, page * 20).map(summary), 200, {
        "X-Total-Count": String(revisions.length),
      });
    }
    const one = /^\/revisions\/(\d+)(\/restore)?$/.exec(rest);
    if (one) {
      const revision = revisions.find((row) => row.id === Number(one[1]));
      if (!revision) return jsonAnswer({ message: "Not found" }, 404);
      if (!one[2] && method === "GET") return jsonAnswer(revision);
      if (one[2] && method === "POST") {
        const sent = (body as { version?: number }).version;
        if (sent !== undefined && sent !== version) {
          return jsonAnswer({ message: CONFLICT, current: { id: Number(id), version } }, 409);
        }
        const restored: StoredRevision = {
          ...revision,
          id: revisions.length + 1,
          at: new Date(Date.UTC(2026, 10, 28, 10)).toISOString(),
          kind: "restore",
          version: version + 1,
        };
        revisions.push(restored);
        state.versions.set(key, version + 1);
        return jsonAnswer({ id: Number(id), ...restored.fields, version: version + 1 });
      }
    }
    if (rest === "/preview-link" && method === "POST") {
      const token = `preview-token-${state.previews.size + 1}`;
      const item = { id: Number(id), ...revisions[revisions.length - 1].fields };
      state.previews.set(token, { type: collection === "events" ? "events" : "news", item });
      const path = `/preview/${token}`;
      return jsonAnswer({ url: `https://club.example${path}`, path, expiresAt: "2026-12-05T10:00:00.000Z" }, 201);
    }
    if (rest === "/preview-link" && method === "DELETE") {
      for (const [token, shown] of state.previews) if (String(shown.item.id) === id) state.previews.delete(token);
      return jsonAnswer({ ok: true });
    }
    if (rest === "/autosave" && method === "PUT") {
      const { version: opened, ...fields } = body as Record<string, unknown>;
      const at = new Date(Date.UTC(2026, 10, 28, 9, 30)).toISOString();
      state.autosaves.set(key, { at, version: typeof opened === "number" ? opened : version, fields });
      return jsonAnswer({ at });
    }
    if (rest === "/autosave" && method === "GET") {
      const kept = state.autosaves.get(key);
      return kept ? jsonAnswer(kept) : jsonAnswer({ message: "Not found" }, 404);
    }
    return null;
  };

  const inner = context.apiFetch;
  if (!inner) throw new Error("the harness context has no apiFetch");
  state.context = {
    ...context,
    apiFetch: async (request) => {
      const isJson = request.headers.get("Content-Type")?.startsWith("application/json") ?? false;
      const body: unknown = isJson ? JSON.parse(await request.clone().text()) : {};
      const made = answer(request, body);
      if (!made) return inner(request);
      state.calls.push({ method: request.method, path: new URL(request.url).pathname, body });
      return made;
    },
  };
  return state;
}
