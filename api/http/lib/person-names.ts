import { coded } from "../../../common/field-problems";
import { optionalText, requiredText } from "./validation";

/**
 * A person's name as someone types it on a booking (docs/product.md, 'Bookings'): a name,
 * not a message. The club's pages and door lists show it, so one that holds a link or an
 * e-mail address ('Your place is void, pay at http://…') is refused at its field with the
 * code `name`; so is one longer than a name (common/text-limits.ts, BOOKING_LIMITS).
 */

/** Top-level domains of two letters (every country's) are caught by their length; these are the common others. */
const COMMON_TLDS = new Set(
  (
    "com net org info biz xyz top online site shop store app dev club live link click page win vip icu " +
    "buzz fun space website tech email pro mobi name gov edu mil int cloud life world today news blog " +
    "help support money pay bank loan cash gift best bar rest ltd agency digital network services"
  ).split(" "),
);

/** Dots a browser or a mail app may read as a domain's: the ideographic and full-width ones. */
const OTHER_DOTS = /[\u3002\uff0e\uff61]/g;

/** `evil.com`, `pay.example.co.uk/now`, `пример.рф`, `xn--e1afmkfd.xn--p1ai`: a token a mail app could make a link of. */
function isDomainLike(token: string): boolean {
  const host = token
    .split(/[/?#:]/)[0]
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(/[^\p{L}\p{N}]+$/u, "");
  const labels = host.split(".");
  if (labels.length < 2 || labels.some((label) => label === "")) return false;
  const tld = labels[labels.length - 1];
  if (tld.startsWith("xn--")) return true;
  if (!/^\p{L}{2,63}$/u.test(tld)) return false;
  return tld.length === 2 || COMMON_TLDS.has(tld) || token.includes("/");
}

/** True when the text holds a web address, a domain, an IP address or an e-mail address. */
export function holdsLinkOrAddress(text: string): boolean {
  const plain = text.normalize("NFKC").replace(OTHER_DOTS, ".").toLowerCase();
  if (/[a-z][a-z0-9+.-]*:\/\//.test(plain) || /\b(?:https?|mailto|ftp|tel|javascript|data):/.test(plain)) return true;
  if (plain.includes("www.") || /[^\s@]@[^\s@]/.test(plain) || /\b\d{1,3}(?:\.\d{1,3}){3}\b/.test(plain)) return true;
  return plain.split(/[\s,;()<>[\]{}"'|]+/).some(isDomainLike);
}

const NOT_A_NAME = coded("name", "must be a name, without a link or an e-mail address");

/** A required name of at most `max` characters. */
export function personName(max: number) {
  return requiredText(max).refine((value) => !holdsLinkOrAddress(value), NOT_A_NAME);
}

/** An optional name (a child's first name): blank becomes null. */
export function optionalPersonName(max: number) {
  return optionalText(max).refine((value) => value === null || !holdsLinkOrAddress(value), NOT_A_NAME);
}
