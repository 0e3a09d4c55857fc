import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The documentation holds together: README.md stays a front door, and every relative
 * link in it and under docs/ reaches a file that exists and, with a #fragment, a heading
 * of that file as GitHub names it. A moved or renamed heading fails here, naming the
 * file, the line and the link, instead of leaving a reader at the top of the wrong page.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const README = "README.md";
const README_MAX_LINES = 150;

/** README.md and every .md under docs/, as paths from the repository's root ('/' between folders). */
function markdownFiles(): string[] {
  const found: string[] = [README];
  const walk = (folder: string) => {
    for (const name of readdirSync(join(ROOT, folder)).sort()) {
      const path = `${folder}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  return found;
}

/** What the checks read: the repository on disk, or a few files made up to test the checks themselves. */
interface Pages {
  read(path: string): string;
  exists(path: string): boolean;
}

const onDisk: Pages = {
  read: (path) => readFileSync(join(ROOT, path), "utf8"),
  exists: (path) => existsSync(join(ROOT, path)),
};

/**
 * The text as a reader sees its markup: fenced code blocks blanked and inline code
 * spans replaced by spaces, so neither yields links or headings, and line numbers stay.
 */
function withoutCode(text: string): string[] {
  let fence: string | null = null;
  return text.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return "";
    }
    if (marker) {
      fence = marker;
      return "";
    }
    return line.replace(/(`+)(?:(?!\1).)+?\1/g, (span) => " ".repeat(span.length));
  });
}

/** GitHub's anchor for a heading: its text lowercased, punctuation dropped, spaces as '-'. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or image: its text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/`/g, "")
    .replace(/\*/g, "");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a file's headings give, the second of two equal ones suffixed -1 as GitHub does. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  // Headings in code are not headings, but their code spans are part of their text.
  const lines = text.split("\n");
  withoutCode(text).forEach((masked, index) => {
    if (!/^#{1,6}\s/.test(masked)) return;
    const heading = lines[index].replace(/^#{1,6}\s+/, "").replace(/\s+#+\s*$/, "");
    const slug = githubSlug(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  });
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

/** Inline links and images `[text](target)`, and reference definitions `[label]: target`. */
function linksOf(file: string, pages: Pages): Link[] {
  const links: Link[] = [];
  withoutCode(pages.read(file)).forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ file, line, target: match[1].replace(/^<|>$/g, "") });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(text);
    if (definition) links.push({ file, line, target: definition[1] });
  });
  return links;
}

/** Addresses with a scheme (https:, mailto:, webcal:) or a host leave the repository: not checked here. */
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** Where a relative link leads, as a path from the root, or a problem in words. */
function resolveLink(
  { file, target }: Link,
  pages: Pages,
): { path: string; anchor: string | null } | { problem: string } {
  const hash = target.indexOf("#");
  const pathPart = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
  if (pathPart === "") return { path: file, anchor };
  const absolute = pathPart.startsWith("/")
    ? join(ROOT, decodeURIComponent(pathPart))
    : resolve(ROOT, dirname(file), decodeURIComponent(pathPart));
  const path = relative(ROOT, absolute).split(sep).join("/");
  if (path.startsWith("..")) return { problem: "leads outside the repository" };
  if (!pages.exists(path)) return { problem: `no such file: ${path}` };
  return { path, anchor };
}

/** Every broken relative link in the given files, one line each: `file:line: (target) what is wrong`. */
function brokenLinks(files: string[], pages: Pages): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(pages.read(path)));
    return anchorCache.get(path)!;
  };
  const problems: string[] = [];
  for (const link of files.flatMap((file) => linksOf(file, pages))) {
    if (isExternal(link.target)) continue;
    const where = `${link.file}:${link.line}: (${link.target})`;
    const resolved = resolveLink(link, pages);
    if ("problem" in resolved) {
      problems.push(`${where} ${resolved.problem}`);
      continue;
    }
    if (resolved.anchor === null) continue;
    if (!resolved.path.endsWith(".md")) {
      problems.push(`${where} has a #fragment, but ${resolved.path} is not a Markdown file`);
    } else if (!anchors(resolved.path).has(resolved.anchor)) {
      problems.push(`${where} no heading of ${resolved.path} has the anchor #${resolved.anchor}`);
    }
  }
  return problems;
}

describe("the documentation's links", () => {
  const files = markdownFiles();

  it("reads README.md and the docs under docs/", () => {
    expect(files).toContain("docs/README.md");
    expect(files.length).toBeGreaterThan(3);
  });

  it("README.md is a front door of at most 150 lines", () => {
    const text = onDisk.read(README);
    const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
    expect(lines, `README.md has ${lines} lines; move the detail into docs/`).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("README.md keeps what other texts point to: the two commands and 'Node versions'", () => {
    const text = onDisk.read(README);
    expect(text).toContain("npm ci && npm start");
    expect(text).toContain("npm test");
    expect(text).toContain("npm run test:node24");
    expect(anchorsOf(text), "README.md has no heading 'Node versions' (.ci/run cites it)").toContain("node-versions");
  });

  it("every relative link reaches an existing file, and every #anchor a heading in it", () => {
    expect(brokenLinks(files, onDisk)).toEqual([]);
  });

  it("every page under docs/ is linked from README.md or another page", () => {
    const linked = new Set<string>();
    for (const link of files.flatMap((file) => linksOf(file, onDisk))) {
      if (isExternal(link.target)) continue;
      const resolved = resolveLink(link, onDisk);
      if ("path" in resolved && resolved.path !== link.file) linked.add(resolved.path);
    }
    const orphans = files.filter((file) => file !== README && !linked.has(file));
    expect(orphans, "pages no other page links to").toEqual([]);
  });
});

/** The code's own files (what git tracks, less prose and data), whose comments cite the docs. */
function codeFiles(): string[] {
  return execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((path) => /\.(ts|tsx|js|mjs|cjs|sh|css)$/.test(path));
}

/** A heading's words as a citation gives them: without its '#'s and its number. */
const headingWords = (line: string) =>
  line
    .replace(/^#+\s*/, "")
    .replace(/^\d+(\.\d+)*\.\s*/, "")
    .trim();

/**
 * Comments cite a doc by its file and a heading's words ("docs/product.md, 'Photos'"),
 * never by a section number, so renumbering a doc breaks no comment; and each cited
 * heading exists (a quoted start of one will do).
 */
function badCitations(files: string[], read: (path: string) => string): string[] {
  const problems: string[] = [];
  const headings = new Map<string, string[] | null>();
  const headingsOf = (doc: string): string[] | null => {
    if (!headings.has(doc)) {
      headings.set(
        doc,
        existsSync(join(ROOT, doc))
          ? read(doc)
              .split("\n")
              .filter((l) => l.startsWith("#"))
              .map(headingWords)
          : null,
      );
    }
    return headings.get(doc) ?? null;
  };
  for (const file of files) {
    read(file)
      .split("\n")
      .forEach((line, index) => {
        const where = `${file}:${index + 1}`;
        if (/docs\/[\w/.-]+\.md,? ?§ ?\d/.test(line)) problems.push(`${where}: cites a section number: ${line.trim()}`);
        for (const match of line.matchAll(/(docs\/[\w/.-]+\.md), '([^'\n]+)'/g)) {
          const known = headingsOf(match[1]);
          if (known === null) problems.push(`${where}: ${match[1]} does not exist`);
          else if (!known.some((heading) => heading.startsWith(match[2])))
            problems.push(`${where}: ${match[1]} has no heading '${match[2]}'`);
        }
      });
  }
  return problems;
}

describe("the code's citations of the docs", () => {
  it("name a heading that exists, never a section number", () => {
    expect(badCitations(codeFiles(), onDisk.read)).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it.each([
    ["Node versions", "node-versions"],
    ["5. The web app (app/)", "5-the-web-app-app"],
    ["`DATA_DIR` missing or read-only", "data_dir-missing-or-read-only"],
    ["Behind a reverse proxy: `TRUST_PROXY`", "behind-a-reverse-proxy-trust_proxy"],
    ["The [page cache](x.md) — why", "the-page-cache--why"],
  ])("GitHub's anchor of '%s' is #%s", (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it("names the file, line and link of each broken one, and passes the sound ones", () => {
    const made: Record<string, string> = {
      "README.md": [
        "# Club",
        "[map](docs/README.md) [ops](docs/ops.md#backups) [again](docs/ops.md#backups-1)",
        "[gone](docs/gone.md) [typo](docs/ops.md#backup) [site](https://example.org/x.md#y)",
        "```",
        "[in code](nowhere.md)",
        "```",
        "`[inline code](nowhere.md)` [self](#club)",
      ].join("\n"),
      "docs/README.md": "# Docs\n[up](../README.md#club) [out](../../x.md)\n\n[ref]: ops.md#restore",
      "docs/ops.md": "# Ops\n## Backups\n## Backups\n```\n## Restore\n```\n",
    };
    const pages: Pages = { read: (path) => made[path], exists: (path) => path in made };
    expect(brokenLinks(Object.keys(made), pages)).toEqual([
      "README.md:3: (docs/gone.md) no such file: docs/gone.md",
      "README.md:3: (docs/ops.md#backup) no heading of docs/ops.md has the anchor #backup",
      "docs/README.md:2: (../../x.md) leads outside the repository",
      "docs/README.md:4: (ops.md#restore) no heading of docs/ops.md has the anchor #restore",
    ]);
  });
});
