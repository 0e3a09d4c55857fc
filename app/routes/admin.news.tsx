import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminLinks } from "~/components/admin/AdminPage";
import { AdminListScreen } from "~/components/admin/AdminListScreen";
import { AdminNewsCard } from "~/components/admin/AdminNewsCard";
import { NewsForm } from "~/components/admin/NewsForm";
import { adminListAction, nounNotices } from "~/lib/admin/forms/list-action.server";
import { newsFormSchema } from "~/lib/admin/forms/schemas.server";
import { adminUpstream } from "~/lib/admin/client.server";
import { lastEditsOfPage } from "~/lib/admin/activity/activity.server";
import { NEWS_LABELS } from "~/lib/admin/forms/labels";
import { toDateInput } from "~/lib/dates";
import { newsFormValues } from "~/lib/admin/publishing/form-values";
import { env } from "~/lib/config.server";
import { adminNewsWindow, readAdminNews, type AdminNews } from "~/lib/admin/publishing/admin-items.server";
import { NEWS_CONFLICT } from "~/lib/admin/forms/conflict.server";
import { revalidatePublishingList } from "~/lib/admin/publishing/revalidate";
import { stateFilterOf } from "~/lib/admin/publishing/states";
import { adminListPage } from "~/lib/admin/forms/list-page.server";
import { sanitizeRichText } from "~/lib/sanitize.server";
import listStyles from "~/styles/admin-lists.css";
import publishingStyles from "~/styles/admin-publishing.css";
import editorStyles from "~/styles/editor.css";
import { RouteErrorBoundary } from "~/components/RouteError";

export const links: LinksFunction = () => [
  ...adminLinks(),
  { rel: "stylesheet", href: listStyles },
  { rel: "stylesheet", href: publishingStyles },
  { rel: "stylesheet", href: editorStyles },
];
export const meta: MetaFunction = () => [{ title: "Manage News" }, { name: "robots", content: "noindex" }];
export const shouldRevalidate = revalidatePublishingList;

const LIST_PATH = "/admin/news";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const timeZone = env().SITE_TIME_ZONE;
  // publishing: every state, or the one the filter names.
  const state = stateFilterOf(new URL(request.url).searchParams.get("status"));
  const { items, chosen, paging } = await adminListPage(
    request,
    LIST_PATH,
    (limit, offset) => adminNewsWindow(admin.send, state, limit, offset),
    (id) => readAdminNews(admin.send, id),
  );
  return json({
    timeZone,
    today: toDateInput(new Date(), timeZone),
    items: items.map(withHtml),
    chosen: chosen && withHtml(chosen),
    paging,
    lastEdits: await lastEditsOfPage(admin, "news", { items, chosen }),
  });
}

/**
 * An item as the page needs it: its text once, sanitised (docs/product.md, 'Validation rules':
 * sanitised before display). The card shows it and the edit form starts from it; sending the
 * stored `content` beside it would put every text in the page's data twice.
 */
function withHtml({ content, ...item }: AdminNews) {
  return { ...item, html: sanitizeRichText(content) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminListAction(request, context, {
    labels: NEWS_LABELS,
    notices: nounNotices("news item"),
    apiPath: "/api/admin/news",
    listPath: LIST_PATH,
    flow: "news",
    schema: newsFormSchema,
    publishing: NEWS_CONFLICT,
  });
}

export default function ManageNews() {
  const { items, chosen, paging, timeZone, today, lastEdits } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <AdminListScreen
      title="Manage News"
      addLabel="Add News Item"
      listPath={LIST_PATH}
      items={items}
      chosen={chosen}
      paging={paging}
      lastEdits={lastEdits}
      failed={failed}
      forms={{
        Form: NewsForm,
        createTitle: "Create News Item",
        editTitle: "Edit News Item",
        blank: { title: "", publishedAt: today, content: "", imageUrl: "", imageAlt: "", publishAt: "" },
        stored: (item) => newsFormValues(item, timeZone),
        publishing: { of: (item) => item, timeZone },
      }}
      deleteQuestion={(item) => ({
        message: `This action cannot be undone. This will permanently delete the news item "${item.title}".`,
      })}
      loadingText="Loading news items..."
      empty={<p className="empty-text">No news items found. Create one to get started.</p>}
      noun="news items"
    >
      {(busy) => (
        <ul className="admin-items" aria-label="News items" aria-busy={busy || undefined}>
          {items.map((item) => (
            <li key={item.id}>
              <AdminNewsCard item={item} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </AdminListScreen>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
