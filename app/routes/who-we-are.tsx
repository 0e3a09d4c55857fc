import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Paragraphs } from "~/components/Paragraphs";
import { RouteErrorBoundary } from "~/components/RouteError";
import { PublicPage } from "~/components/public/Placeholders";
import { TextCard } from "~/components/public/TextCard";
import { loaderMeta } from "~/lib/public/meta";
import { publicMeta } from "~/lib/public/meta.server";
import { whoWeArePageData } from "~/lib/public/pages.server";

const NOT_AVAILABLE = "Information not available";

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
