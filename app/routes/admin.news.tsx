import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { DeleteDialog } from "~/components/admin/DeleteDialog";
import { ListLoading } from "~/components/admin/ListLoading";
import { AdminNewsCard } from "~/components/admin/AdminNewsCard";
import { NewsForm, type NewsFormValues } from "~/components/admin/NewsForm";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { Pager } from "~/components/Pager";
import { UrlDialog } from "~/components/UrlDialog";
import {
  skipDialogOnlyRevalidation,
  typedValues,
  useDialogState,
  useListPage,
  useListReloading,
} from "~/lib/admin/dialogs";
import { adminListAction, nounNotices } from "~/lib/admin/list-action.server";
import { newsFormSchema } from "~/lib/admin/forms.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { NEWS_LABELS } from "~/lib/admin/labels";
import { toDateInput } from "~/lib/dates";
import { env } from "~/lib/config.server";
import { newsWindow, readNewsItem } from "~/lib/content-lists.server";
import { adminListPage } from "~/lib/admin/list-page.server";
import { sanitizeRichText } from "~/lib/sanitize.server";
import listStyles from "~/styles/admin-lists.css";
import editorStyles from "~/styles/editor.css";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links: LinksFunction = () => [
  ...adminLinks(),
  { rel: "stylesheet", href: listStyles },
  { rel: "stylesheet", href: editorStyles },
];
export const meta: MetaFunction = () => [{ title: "Manage News" }, { name: "robots", content: "noindex" }];
export const shouldRevalidate = skipDialogOnlyRevalidation;

const LIST_PATH = "/admin/news";
const NEWS_FIELDS = ["title", "publishedAt", "content", "imageUrl"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const timeZone = env().SITE_TIME_ZONE;
  const { items, chosen, paging } = await adminListPage(
    request,
    LIST_PATH,
    (limit, offset) => newsWindow(admin.send, limit, offset),
    (id) => readNewsItem(admin.send, id),
  );
  return json({
    timeZone,
    today: toDateInput(new Date(), timeZone),
    items: items.map((item) => ({ ...item, html: sanitizeRichText(item.content) })),
    chosen,
    paging,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminListAction(request, context, {
    labels: NEWS_LABELS,
    notices: nounNotices("news item"),
    apiPath: "/api/admin/news",
    listPath: LIST_PATH,
    flow: "news",
    schema: newsFormSchema,
  });
}

export default function ManageNews() {
  const { items, chosen, paging, timeZone, today } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const dialog = useDialogState();
  const reloading = useListReloading(LIST_PATH);
  const here = useListPage();

  const typed = (intent: string, id?: string): NewsFormValues | null =>
    typedValues(failed?.values, { intent, id }, NEWS_FIELDS);
  const editing =
    dialog.kind === "edit" || dialog.kind === "delete"
      ? (items.find((item) => item.id === dialog.id) ?? (chosen?.id === dialog.id ? chosen : undefined))
      : undefined;

  return (
    <AdminPage
      title="Manage News"
      actions={
        <Link to="?new" className="button" preventScrollReset>
          Add News Item
        </Link>
      }
    >
      <AdminNotification notice={failed?.notice} />

      {dialog.kind === "new" ? (
        <UrlDialog title="Create News Item" closeTo={here}>
          <NewsForm
            intent="create"
            values={typed("create") ?? { title: "", publishedAt: today, content: "", imageUrl: "" }}
            fieldErrors={failed?.values.intent === "create" ? failed.fieldErrors : undefined}
            closeTo={here}
          />
        </UrlDialog>
      ) : null}

      {dialog.kind === "edit" && editing ? (
        <UrlDialog title="Edit News Item" closeTo={here}>
          <NewsForm
            intent="update"
            id={editing.id}
            values={
              typed("update", editing.id) ?? {
                title: editing.title,
                publishedAt: toDateInput(editing.publishedAt, timeZone),
                content: editing.content,
                imageUrl: editing.imageUrl ?? "",
              }
            }
            fieldErrors={failed?.values.intent === "update" ? failed.fieldErrors : undefined}
            closeTo={here}
          />
        </UrlDialog>
      ) : null}

      {dialog.kind === "delete" && editing ? (
        <DeleteDialog
          id={editing.id}
          closeTo={here}
          message={`This action cannot be undone. This will permanently delete the news item "${editing.title}".`}
        />
      ) : null}

      <ListLoading active={reloading}>Loading news items...</ListLoading>
      {items.length === 0 ? (
        <p className="empty-text">No news items found. Create one to get started.</p>
      ) : (
        <ul className="admin-items" aria-label="News items" aria-busy={reloading || undefined}>
          {items.map((item) => (
            <li key={item.id}>
              <AdminNewsCard item={item} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      <Pager pathname={LIST_PATH} noun="news items" {...paging} />
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
