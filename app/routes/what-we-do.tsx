import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Paragraphs } from "~/components/Paragraphs";
import { RouteErrorBoundary } from "~/components/RouteError";
import { PublicPage } from "~/components/public/Placeholders";
import { TextCard } from "~/components/public/TextCard";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta } from "~/lib/public/meta.server";
import { whatWeDoPageData } from "~/lib/public/pages.server";

const NOT_AVAILABLE = "Information not available";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await whatWeDoPageData(request, context);
  const meta = publicMeta(data.site, {
    title: "What We Do",
    description: `The mission, activities and impact of ${data.site.name}.`,
    path: "/what-we-do",
  });
  return { ...data, meta };
}

export const meta = loaderMeta("What We Do");

export const ErrorBoundary = RouteErrorBoundary;

export default function WhatWeDo() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <PublicPage>
      <h1 className="page-title">What We Do</h1>
      <div className="text-cards">
        <TextCard title="Our Mission">
          <Paragraphs text={content.mission} fallback={NOT_AVAILABLE} />
        </TextCard>
        <TextCard title="Activities">
          <Paragraphs text={content.activities} fallback={NOT_AVAILABLE} />
        </TextCard>
        <TextCard title="Our Impact">
          <Paragraphs text={content.impact} fallback={NOT_AVAILABLE} />
        </TextCard>
      </div>
    </PublicPage>
  );
}
