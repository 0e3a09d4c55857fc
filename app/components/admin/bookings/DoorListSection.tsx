import { Link } from "@remix-run/react";
import { AdminTable } from "../AdminTable";
import { ChoiceViewForm } from "../ChoiceViewForm";
import { CardSection } from "../CardSection";
import { Pager } from "../../Pager";
import { formatDateTime } from "~/lib/date-time";
import { dialogHref } from "~/lib/dialog-state";
import { childWords, DOOR_SORTS, doorListHref, statusWords, type DoorSort } from "~/lib/admin/bookings/booking-words";
import type { DoorRow } from "~/lib/admin/bookings/door-list.server";

interface Props {
  eventId: string;
  list: { items: DoorRow[]; total: number; page: number; pages: number };
  view: { page: number; sort: DoorSort };
  timeZone: string;
}

/**
 * The door list, 50 a page, sorted by class and child or by name with a plain GET form.
 * Its first column is a tick box, printed only (admin-bookings.css); each booking can be
 * cancelled, asked first.
 */
export function DoorListSection({ eventId, list, view, timeZone }: Props) {
  const here = doorListHref(eventId, view);
  return (
    <CardSection id="door-list-title" title="Door list" className="door-section door-list">
      <ChoiceViewForm
        action={`${doorListHref(eventId, { page: 1, sort: view.sort })}#door-list-title`}
        className="door-sort"
        id="door-sort"
        name="sort"
        label="Sort by"
        value={view.sort}
        choices={DOOR_SORTS}
        submit="Sort"
      />
      <p className="door-total">{list.total === 1 ? "1 booking" : `${list.total} bookings`}</p>
      {list.items.length === 0 ? (
        <p className="empty-text">No bookings yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <AdminTable
            caption="The door list"
            columns={["Here", "Name", "Adults", "Children", "Child and class", "Booked", "State"]}
            actions
          >
            {list.items.map((row) => (
              <tr key={row.id} className={`door-row door-row--${row.status}`}>
                <td className="door-tick">
                  <span className="door-tick__box" aria-hidden="true" />
                </td>
                <th scope="row">{row.name}</th>
                <td data-label="Adults">{row.adults}</td>
                <td data-label="Children">{row.children}</td>
                <td data-label="Child and class">{childWords(row.childName, row.childClass)}</td>
                <td data-label="Booked">{formatDateTime(row.createdAt, timeZone)}</td>
                <td data-label="State">
                  {statusWords(row.status, row.position ?? null)}
                  {row.byHand ? <span className="door-by-hand"> (added by hand)</span> : null}
                </td>
                <td className="door-row__actions">
                  {row.status === "cancelled" ? null : (
                    <Link
                      to={dialogHref(here, "cancel", row.id)}
                      className="button button--secondary"
                      aria-label={`Cancel the booking of ${row.name}`}
                    >
                      Cancel
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
      <Pager
        page={list.page}
        pages={list.pages}
        noun="bookings"
        hrefOf={(page) => doorListHref(eventId, { ...view, page }, "#door-list-title")}
      />
    </CardSection>
  );
}
