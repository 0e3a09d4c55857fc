import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { isWrongCode, WRONG_CODE_TEXT } from "../forms/messages";
import { loginFormSchema } from "../forms/schemas.server";
import { loginResponseSchema } from "../../upstream/answers.server";
import type { Notice } from "../../notifications";
import { commitSession, getSession, redirectWithNotice } from "../../security/session.server";
import { upstreamFetch, UpstreamError } from "../../upstream/client.server";
import { landingAfterSignIn } from "./two-factor.server";

/**
 * The two steps of the admin login (docs/product.md, 'The error catalogue', 'The committee'): the password, then for
 * someone with authenticator codes a code. The /api's challenge waits in the signed
 * session cookie between them, so the browser never names who is signing in.
 */
const FALLBACK_MESSAGE = "Authentication failed";
const secondStepSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string().min(1) });
const codeFormSchema = z.object({ code: z.string({ error: "Code is required" }).trim().min(1, "Code is required") });

export type LoginStep = "password" | "code";

export interface LoginFailure {
  error: string;
  notice: Notice;
  username: string;
  /** Only on the code step's failures: a failure without it shows the password step. */
  step?: "code";
}

function failure(error: string, username: string, status: number, step: LoginStep = "password", setCookie?: string) {
  return json<LoginFailure>(
    {
      error,
      username,
      notice: { kind: "error", title: "Login Failed", description: error },
      ...(step === "code" ? { step } : {}),
    },
    { status, headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/** The upstream's refusal as the login screen says it: its message when it sent one. */
function refusal(error: unknown): { message: string; status: number } {
  const status = error instanceof UpstreamError && error.status < 500 ? error.status : 502;
  const serverMessage = error instanceof UpstreamError ? error.jsonMessage : undefined;
  return { message: serverMessage || FALLBACK_MESSAGE, status };
}

async function signedIn(request: Request, context: AppLoadContext, token: string): Promise<Response> {
  const welcome = {
    kind: "success",
    title: "Login Successful",
    description: "Welcome to the admin dashboard",
  } as const;
  return redirectWithNotice(request, await landingAfterSignIn(context, token), welcome, (session) => {
    session.unset("challenge");
    session.set("token", token);
  });
}

export async function passwordStep(request: Request, context: AppLoadContext, form: Record<string, unknown>) {
  const username = typeof form.username === "string" ? form.username : "";
  const parsed = loginFormSchema.safeParse(form);
  if (!parsed.success) return failure(parsed.error.issues[0].message, username, 400);
  let answer: unknown;
  try {
    const response = await upstreamFetch(context, "/api/admin/login", { method: "POST", json: parsed.data });
    answer = await response.json();
  } catch (error) {
    const { message, status } = refusal(error);
    return failure(message, username, status);
  }
  const second = secondStepSchema.safeParse(answer);
  if (second.success) {
    const session = await getSession(request);
    session.set("challenge", second.data.challenge);
    return redirect("/admin", { headers: { "Set-Cookie": await commitSession(session) } });
  }
  const first = loginResponseSchema.safeParse(answer);
  if (!first.success) return failure(FALLBACK_MESSAGE, username, 502);
  return signedIn(request, context, first.data.token);
}

export async function codeStep(request: Request, context: AppLoadContext, form: Record<string, unknown>) {
  const session = await getSession(request);
  const challenge = session.get("challenge");
  if (!challenge) return failure("This sign-in has expired. Please log in again.", "", 400);
  const parsed = codeFormSchema.safeParse(form);
  if (!parsed.success) return failure(parsed.error.issues[0].message, "", 400, "code");
  try {
    const response = await upstreamFetch(context, "/api/admin/login/second-factor", {
      method: "POST",
      json: { challenge, code: parsed.data.code },
    });
    return signedIn(request, context, loginResponseSchema.parse(await response.json()).token);
  } catch (error) {
    const refused = refusal(error);
    const { status } = refused;
    const message = error instanceof UpstreamError && isWrongCode(error) ? WRONG_CODE_TEXT : refused.message;
    // A wrong code may be typed again; a challenge that is over (or a locked-out address) starts afresh.
    const over = error instanceof UpstreamError && (error.problem.code === "challenge-expired" || error.status === 429);
    if (!over) return failure(message, "", status, "code");
    session.unset("challenge");
    return failure(message, "", status, "password", await commitSession(session));
  }
}

/** 'Start again' on the code step: back to the password. */
export async function cancelCodeStep(request: Request) {
  const session = await getSession(request);
  session.unset("challenge");
  return redirect("/admin", { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Which step the login screen shows. */
export async function loginStepOf(request: Request): Promise<LoginStep> {
  return (await getSession(request)).get("challenge") ? "code" : "password";
}
