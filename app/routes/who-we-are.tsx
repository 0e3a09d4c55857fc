import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/RouteError";
import { TextCard, TextCardOf, TextPage } from "~/components/public/TextCard";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta, whoWeArePageData } from "~/lib/public/loaders.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const data = await whoWeArePageData(request, context);
  const meta = publicMeta(data.site, {
    title: "Who We Are",
    description: `About ${data.site.name}: who we are, who runs the club and how to contact us.`,
    path: "/who-we-are",
  });
  return { ...data, meta };
}

export const meta = loaderMeta("Who We Are");

export const ErrorBoundary = RouteErrorBoundary;

export default function WhoWeAre() {
  const { content } = useLoaderData<typeof loader>();
  const email = content.contactEmail.trim();
  return (
    <TextPage title="Who We Are">
      <TextCardOf title="About Us" text={content.aboutUs} />
      <TextCardOf title="Who Are We?" text={content.whoAreWe} />
      <TextCard title="Contact Us">
        {email ? (
          <p>
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        ) : (
          <p className="empty-text">Email not available</p>
        )}
      </TextCard>
    </TextPage>
  );
}
