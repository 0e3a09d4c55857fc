import { UpstreamError } from "../upstream/client.server";

/**
 * The booking forms' fields as typed, what is wrong with them in plain words, and the
 * /api's refusals put at the field they name (docs/product.md, 'Bookings').
 */
export const BOOKING_FIELDS = ["name", "email", "adults", "children", "childName", "childClass"] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];

/** What a form shows again after a refusal: the words, and the field to put them at (null: the whole form). */
export interface FormProblem {
  message: string;
  field: BookingField | null;
}

export type BookingValues = Record<BookingField, string>;

export function valuesOf(fields: Record<string, string>): BookingValues {
  const values = {} as BookingValues;
  for (const field of BOOKING_FIELDS) values[field] = (fields[field] ?? "").trim();
  return values;
}

const WHOLE_NUMBER = /^\d{1,4}$/;

/** The people in a booking, or the problem with them. */
export function partyOf(values: BookingValues): { adults: number; children: number } | FormProblem {
  for (const field of ["adults", "children"] as const) {
    if (!WHOLE_NUMBER.test(values[field] || "0")) {
      return { field, message: "Please enter a whole number, like 2 (or 0)." };
    }
  }
  const adults = Number(values.adults || "0");
  const children = Number(values.children || "0");
  if (adults + children < 1) return { field: "adults", message: "Please book at least one place." };
  return { adults, children };
}

/** The child's first name and class, sent only when there are any. */
export function childOf(values: BookingValues): { childName?: string; childClass?: string } {
  return {
    ...(values.childName ? { childName: values.childName } : {}),
    ...(values.childClass ? { childClass: values.childClass } : {}),
  };
}

function isBookingField(field: string | undefined): field is BookingField {
  return (BOOKING_FIELDS as readonly string[]).includes(field ?? "");
}

/**
 * What the /api said was wrong with a field ("adults: must be at most 6 with the
 * children"), in a parent's words; `code` is the problem as data (common/field-problems.ts).
 */
function fieldWords(field: BookingField, said: string, code: string | undefined): string {
  const what = said.slice(said.indexOf(":") + 1).trim();
  const most = /at most (\d+)/.exec(what)?.[1];
  if (field === "adults" || field === "children") {
    if (/with the children/.test(what)) {
      return most ? `At most ${most} people can come in one booking.` : "Please book at least one place.";
    }
    return "Please enter a whole number, like 2 (or 0).";
  }
  if (field === "email") {
    if (/required/.test(what)) return "Please enter your e-mail address.";
    if (most) return `An e-mail address is at most ${most} characters.`;
    return "Please enter a whole e-mail address, like name@example.com.";
  }
  const label = { name: "your name", childName: "your child's first name", childClass: "your child's class" }[field];
  if (code === "name") return `Please enter just ${label}, without a web address or an e-mail address.`;
  if (most) return `Please shorten ${label}: at most ${most} characters.`;
  return `Please enter ${label}.`;
}

/**
 * The /api's refusal in the form's words: a field problem at its field, a refusal of the
 * whole booking (closed, full, too many from this network) above the form, or at the
 * numbers when it names them ('Only 3 places left' when a booking grows). Anything else
 * is no form's fault and is thrown.
 */
export function problemOf(error: unknown): { problem: FormProblem; status: number } {
  if (!(error instanceof UpstreamError)) throw error;
  const message = error.jsonMessage;
  const field = isBookingField(error.field) ? error.field : null;
  if (error.status === 400) {
    const words =
      field && message
        ? fieldWords(field, message, error.problem.code)
        : (message ?? "Please check the form and try again.");
    return { problem: { field, message: words }, status: 400 };
  }
  if (error.status === 409) return { problem: { field, message: message ?? "Bookings are closed" }, status: 409 };
  if (error.status === 429 || error.status === 503) {
    return { problem: { field: null, message: message ?? "Please try again in a few minutes." }, status: error.status };
  }
  throw error;
}
