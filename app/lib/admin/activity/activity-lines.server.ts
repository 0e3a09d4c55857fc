import { formatDateTime } from "../../date-time";
import type { UpstreamSender } from "../../upstream/client.server";
import { latestLines } from "./activity.server";
import {
  DELETABLE_TYPES,
  describeAction,
  personLabel,
  targetHref,
  targetName,
  type ActivityLine,
} from "./activity-words";

/** A line of Recent changes as the screen shows it, every word made here on the server. */
export interface ShownLine {
  key: string;
  at: string;
  when: string;
  who: string;
  what: string;
  item: string;
  /** Where the item is edited today; null when it is gone or has no screen. */
  href: string | null;
}

/**
 * The items of the page that no longer exist: those whose latest line, asked of the
 * record once per type (at most three calls), is their deletion.
 */
async function goneItems(admin: UpstreamSender, lines: ActivityLine[]): Promise<Set<string>> {
  const gone = new Set<string>();
  await Promise.all(
    DELETABLE_TYPES.map(async (type) => {
      const ids = lines.flatMap(({ target }) => (target?.type === type ? [target.id] : []));
      for (const latest of await latestLines(admin, type, ids)) {
        if (latest.target && latest.action === `${type}.delete`) gone.add(`${type}/${latest.target.id}`);
      }
    }),
  );
  return gone;
}

export async function describeLines(
  admin: UpstreamSender,
  lines: ActivityLine[],
  timeZone: string,
): Promise<ShownLine[]> {
  const gone = await goneItems(admin, lines);
  return lines.map((line, index) => ({
    key: `${line.at}/${index}`,
    at: line.at,
    when: formatDateTime(line.at, timeZone),
    who: line.user ? personLabel(line.user) : "Someone not signed in",
    what: describeAction(line.action),
    item: targetName(line.target),
    href: targetHref(line.target, line.target ? gone.has(`${line.target.type}/${line.target.id}`) : false),
  }));
}
