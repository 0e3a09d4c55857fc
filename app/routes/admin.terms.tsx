import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { AdminListScreen } from "~/components/admin/AdminListScreen";
import { AdminTable } from "~/components/admin/AdminTable";
import { ItemActions } from "~/components/admin/ItemActions";
import { TermForm, type TermFormValues } from "~/components/admin/TermForm";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { adminListAction } from "~/lib/admin/forms/list-action.server";
import { TERM_LABELS, TERMS_EXPLAINED, TERMS_PATH } from "~/lib/admin/terms/term-words";
import { readTermStretches, TERM_NOTICES, termFormSchema, type TermStretch } from "~/lib/admin/terms/terms.server";
import { formatDate } from "~/lib/dates";

export const links = adminLinks;
export const meta: MetaFunction = () => [{ title: "Term dates" }, { name: "robots", content: "noindex" }];

const EMPTY: TermFormValues = { name: "", startDate: "", endDate: "" };

/**
 * /admin/terms (docs/product.md, 'Term dates'): the school's term time as stretches, in date
 * order, for Editors and Administrators; added, changed and removed in the admin lists'
 * dialogs (?new, ?edit=ID, ?delete=ID), so it all works without JavaScript. The /api keeps
 * a couple of hundred at most and answers them in one list: one page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  return json({ stretches: await readTermStretches(admin) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminListAction(request, context, {
    labels: TERM_LABELS,
    notices: TERM_NOTICES,
    apiPath: "/api/admin/terms",
    listPath: TERMS_PATH,
    flow: "image",
    schema: termFormSchema,
  });
}

/** A school day as the site writes dates: a day on the calendar, never moved by a zone. */
const day = (date: string) => <time dateTime={date}>{formatDate(date, "UTC")}</time>;

const stored = ({ name, startDate, endDate }: TermStretch): TermFormValues => ({ name, startDate, endDate });

export default function TermDates() {
  const { stretches } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const explained = <p>{TERMS_EXPLAINED}</p>;
  return (
    <AdminListScreen
      title="Term dates"
      addLabel="Add term dates"
      listPath={TERMS_PATH}
      items={stretches}
      chosen={null}
      paging={{ page: 1, pages: 1 }}
      failed={failed}
      forms={{ Form: TermForm, createTitle: "Add term dates", editTitle: "Edit term dates", blank: EMPTY, stored }}
      deleteQuestion={(stretch) => ({
        message: `This will permanently delete the term dates "${stretch.name}" (${formatDate(stretch.startDate, "UTC")} to ${formatDate(stretch.endDate, "UTC")}).`,
      })}
      loadingText="Loading term dates..."
      empty={
        <>
          {explained}
          <p className="empty-text">No term dates yet. Add the first stretch of term time to get started.</p>
        </>
      }
      noun="term dates"
    >
      {(busy) => (
        <>
          {explained}
          <div className="admin-table-wrap" aria-busy={busy || undefined}>
            <AdminTable caption="Term dates" columns={["Name", "First day", "Last day"]} actions>
              {stretches.map((stretch) => (
                <tr key={stretch.id}>
                  <th scope="row">{stretch.name}</th>
                  <td data-label="First day">{day(stretch.startDate)}</td>
                  <td data-label="Last day">{day(stretch.endDate)}</td>
                  <td>
                    <ItemActions id={stretch.id} name={stretch.name} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        </>
      )}
    </AdminListScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
