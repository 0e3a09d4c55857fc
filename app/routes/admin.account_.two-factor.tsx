import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminNotification } from "~/components/admin/AdminNotification";
import { AdminPage, adminLinks } from "~/components/admin/AdminPage";
import { PendingSetup, RecoveryCodes, StartSetup, TotpIsOn } from "~/components/admin/TwoFactorPanels";
import { RouteErrorBoundary } from "~/components/RouteError";
import { adminUpstream } from "~/lib/admin/client.server";
import { twoFactorAction, type TwoFactorActionData } from "~/lib/admin/account/two-factor-actions.server";
import { shownForm } from "~/lib/admin/forms/form-failure";
import { pendingSetup, twoFactorStatus } from "~/lib/admin/account/two-factor.server";
import twoFactorStyles from "~/styles/two-factor.css";

export const links: LinksFunction = () => [...adminLinks(), { rel: "stylesheet", href: twoFactorStyles }];
export const meta: MetaFunction = () => [{ title: "Two-factor sign-in" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await adminUpstream(request, context);
  const status = await twoFactorStatus(admin);
  return json({ status, pending: status.totp ? null : await pendingSetup(admin) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return twoFactorAction(request, context, await adminUpstream(request, context));
}

/**
 * /admin/account/two-factor: authenticator codes for the signed-in person (docs/product.md,
 * 'The committee'). Set up from a QR code the server drew, confirmed with a first code, then the
 * ten recovery codes once; or, when on, new recovery codes and turning it off, each
 * with the password or a code in the same form.
 */
export default function TwoFactorScreen() {
  const { status, pending } = useLoaderData<typeof loader>();
  const result = useActionData<TwoFactorActionData>();
  const failed = result && "result" in result ? result : undefined;
  let body;
  if (result && "recoveryCodes" in result) {
    body = (
      <>
        <RecoveryCodes codes={result.recoveryCodes} />
        <Link to="/admin/account/two-factor" className="button">
          I have saved them
        </Link>
      </>
    );
  } else if (status.totp) {
    body = <TotpIsOn recoveryCodesLeft={status.recoveryCodesLeft} failed={failed} />;
  } else if (pending) {
    body = <PendingSetup secret={pending.secret} qr={pending.qr} errors={shownForm(failed, "confirm", {}).errors} />;
  } else {
    body = <StartSetup failed={failed} />;
  }
  return (
    <AdminPage title="Two-factor sign-in">
      <AdminNotification notice={result?.notice} />
      <div className="card two-factor">
        <p>
          <Link to="/admin/account">Your account</Link>
        </p>
        {status.required && !status.totp ? (
          <p className="two-factor__required" role="note">
            This site requires two-factor sign-in: set it up before you make any changes.
          </p>
        ) : null}
        {body}
      </div>
    </AdminPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
