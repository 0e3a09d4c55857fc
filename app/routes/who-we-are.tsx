import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { Paragraphs } from "~/components/Paragraphs";
import { RouteErrorBoundary } from "~/components/RouteError";
import { PublicPage } from "~/components/public/Placeholders";
import { TextCard } from "~/components/public/TextCard";
import { publicMeta, unavailableMeta } from "~/lib/public/meta";
import { whoWeArePageData } from "~/lib/public/pages.server";

const NOT_AVAILABLE = "Information not available";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await whoWeArePageData(request, context));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return unavailableMeta("Who We Are");
  return publicMeta(data.site, {
    title: "Who We Are",
    description: `About ${data.site.name}: who we are, who runs the club and how to contact us.`,
    path: "/who-we-are",
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function WhoWeAre() {
  const { content } = useLoaderData<typeof loader>();
  const email = content.contactEmail.trim();
  return (
    <PublicPage>
      <h1 className="page-title">Who We Are</h1>
      <div className="text-cards">
        <TextCard title="About Us">
          <Paragraphs text={content.aboutUs} fallback={NOT_AVAILABLE} />
        </TextCard>
        <TextCard title="Who Are We?">
          <Paragraphs text={content.whoAreWe} fallback={NOT_AVAILABLE} />
        </TextCard>
        <TextCard title="Contact Us">
          {email ? (
            <p>
              <a href={`mailto:${email}`}>{email}</a>
            </p>
          ) : (
            <p className="empty-text">Email not available</p>
          )}
        </TextCard>
      </div>
    </PublicPage>
  );
}
