import { Form } from "@remix-run/react";
import { shownForm, type FormFailure } from "~/lib/admin/forms/form-failure";
import { CodeField } from "./CodeField";
import { ProofFields } from "./ProofFields";
import { SubmitButton } from "./SubmitButton";
import { TotpQrCode } from "./TotpQrCode";

/**
 * The parts of the two-factor set-up screen (docs/product.md, 'The committee'). Each is a plain
 * form, so all of it works without JavaScript.
 */

type FieldErrors = Record<string, string> | undefined;

/** Four letters at a time, as people type a secret from the screen. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export function StartSetup({ failed }: { failed?: FormFailure }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="start" />
      <p>
        Sign in with your password and a 6-digit code from an authenticator app on your phone (for example Google
        Authenticator, Microsoft Authenticator or 1Password).
      </p>
      <p>To be sure it is you, give your password first.</p>
      <ProofFields idPrefix="start" codes={false} errors={shownForm(failed, "start", {}).errors} />
      <SubmitButton intent="start" pendingLabel="Starting...">
        Set up authenticator codes
      </SubmitButton>
    </Form>
  );
}

interface PendingProps {
  secret: string;
  qr: { viewBox: string; path: string } | null;
  errors: FieldErrors;
}

export function PendingSetup({ secret, qr, errors }: PendingProps) {
  return (
    <>
      <ol className="two-factor__steps">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {qr ? <TotpQrCode drawing={qr} /> : null}
      <p>
        Key: <code className="two-factor__secret">{grouped(secret)}</code>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="confirm" />
        <CodeField error={errors?.code} required />
        <SubmitButton intent="confirm" pendingLabel="Checking...">
          Turn on
        </SubmitButton>
      </Form>
    </>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="two-factor__codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">Your recovery codes</h2>
      <p>
        Keep these somewhere safe. Each one signs you in once if you do not have your phone. They are shown only now.
      </p>
      <ul>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ProofFormProps {
  /** The action's intent, also the prefix of the fields' ids. */
  intent: "recovery-codes" | "disable";
  failed?: FormFailure;
  pendingLabel: string;
  /** The button's look: secondary for new codes, danger for turning off. */
  className: string;
  children: string;
}

/** A change that asks for the password or a code first: the proof, and its one button. */
function ProofForm({ intent, failed, pendingLabel, className, children }: ProofFormProps) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <ProofFields idPrefix={intent} codes errors={shownForm(failed, intent, {}).errors} />
      <SubmitButton intent={intent} pendingLabel={pendingLabel} className={className}>
        {children}
      </SubmitButton>
    </Form>
  );
}

export function TotpIsOn({ recoveryCodesLeft, failed }: { recoveryCodesLeft: number; failed?: FormFailure }) {
  return (
    <>
      <p>Authenticator codes are on. Recovery codes left: {recoveryCodesLeft}.</p>
      <section className="two-factor__renew" aria-labelledby="new-codes-title">
        <h2 id="new-codes-title">New recovery codes</h2>
        <p>The ones you have stop working. To be sure it is you, give your password or a code.</p>
        <ProofForm
          intent="recovery-codes"
          failed={failed}
          pendingLabel="Making codes..."
          className="button button--secondary"
        >
          Make new recovery codes
        </ProofForm>
      </section>
      <section className="two-factor__off" aria-labelledby="turn-off-title">
        <h2 id="turn-off-title">Turn off</h2>
        <ProofForm intent="disable" failed={failed} pendingLabel="Turning off..." className="button button--danger">
          Turn off authenticator codes
        </ProofForm>
      </section>
    </>
  );
}
