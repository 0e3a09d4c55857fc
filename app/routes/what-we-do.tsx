import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { TextCardOf, TextPage } from "~/components/public/TextCard";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, whatWeDoPageData } from "~/lib/public/loaders.server";

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
    <TextPage title="What We Do">
      <TextCardOf title="Our Mission" text={content.mission} />
      <TextCardOf title="Activities" text={content.activities} />
      <TextCardOf title="Our Impact" text={content.impact} />
    </TextPage>
  );
}
