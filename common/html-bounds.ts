import { measureHtml } from "./html-measure";

/**
 * The bounds news rich text must keep before any HTML parser sees it (docs/architecture.md, 'Security baseline').
 * DOMPurify over jsdom takes time that grows much faster than the content: with the
 * nesting depth (33,000 nested spans held the process for over half a minute), with the
 * elements the parser reopens, and with the siblings of each node it removes (200,000
 * characters of <hr> would take minutes). So the content is measured first, by a linear
 * scan of the parser's own tokens that builds no DOM (html-measure.ts), and refused when
 * beyond these:
 */
export const RICH_TEXT_MAX_LENGTH = 200_000;
/** The editor nests a handful of levels; 50 leaves room for pasted markup. */
export const RICH_TEXT_MAX_DEPTH = 50;
/** More than any 200,000 characters make without reopened formatting elements; about 1.5 s to sanitise. */
export const RICH_TEXT_MAX_NODES = 60_000;
/**
 * When DOMPurify must remove something, each removal costs up to the number of nodes;
 * this many keep that well under a second. The editor's own output never needs it.
 */
export const RICH_TEXT_MAX_NODES_TO_CLEAN = 2_000;

/**
 * Both the parser (checking each attribute's name against the tag's earlier ones) and
 * DOMPurify (removing one attribute at a time) take time that grows with the square of
 * a tag's attributes: one tag with 100,000 characters of them took 3.7 s. The editor
 * writes at most a few.
 */
export const RICH_TEXT_MAX_ATTRIBUTES = 100;

/** Why the content is refused, worded for `content: <problem>`, or null when it is within bounds. */
export function richTextBoundsProblem(html: string): string | null {
  if (html.length > RICH_TEXT_MAX_LENGTH) return `must be at most ${RICH_TEXT_MAX_LENGTH} characters`;
  const { depth, nodes, movesNodes, mostAttributes } = measureHtml(html, RICH_TEXT_MAX_DEPTH);
  if (depth > RICH_TEXT_MAX_DEPTH) return `is nested too deeply (more than ${RICH_TEXT_MAX_DEPTH} levels)`;
  if (mostAttributes > RICH_TEXT_MAX_ATTRIBUTES)
    return `has a tag with too many attributes (more than ${RICH_TEXT_MAX_ATTRIBUTES})`;
  if (nodes > RICH_TEXT_MAX_NODES) return `has too much markup (more than ${RICH_TEXT_MAX_NODES} elements and texts)`;
  if (movesNodes && nodes > RICH_TEXT_MAX_NODES_TO_CLEAN) {
    return `has too much markup to clean (more than ${RICH_TEXT_MAX_NODES_TO_CLEAN} elements and texts, with tags or comments the editor does not make)`;
  }
  return null;
}
