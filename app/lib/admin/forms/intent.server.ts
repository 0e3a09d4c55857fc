import { badForm, readFormBody } from "../../form-body.server";

/**
 * A screen with several forms says which one was sent in a hidden `intent` field. The
 * action reads the body once and gets the intent among the allowed ones; anything else is
 * a 400 with words, never a 500.
 */
export async function readIntent<I extends string>(
  request: Request,
  intents: readonly I[],
): Promise<{ intent: I; fields: Record<string, string> }> {
  const { fields } = await readFormBody(request);
  const intent = intents.find((candidate) => candidate === fields.intent);
  if (!intent) throw badForm("This form is not one this page knows. Please reload the page.");
  return { intent, fields };
}
