import { formatEventWhen } from "~/lib/dates";
import { STATE_WORDS, type PublishState } from "~/lib/admin/publishing/states";

/**
 * A card's state on Manage News and Manage Events (publishing): 'Draft', or
 * 'Scheduled' with its time in the site's zone; nothing for a published item, whose card
 * reads as the product spec shows it.
 */
export function StateLine({
  item,
  timeZone,
}: {
  item: { status?: PublishState; publishAt?: string | null };
  timeZone: string;
}) {
  if (!item.status || item.status === "published") return null;
  return (
    <p className={`state-line state-line--${item.status}`}>
      <span className="state-line__word">{STATE_WORDS[item.status]}</span>
      {item.status === "scheduled" && item.publishAt ? (
        <>
          {" for "}
          <time dateTime={item.publishAt}>{formatEventWhen(item.publishAt, timeZone)}</time>
        </>
      ) : null}
    </p>
  );
}
