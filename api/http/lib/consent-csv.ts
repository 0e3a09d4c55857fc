import { CONSENT_COLUMNS, type ConsentRecord } from "../../store/mail-admin";
import { csvLine } from "./csv";

export { CONSENT_COLUMNS };

const yesNo = (value: number) => (Number(value) === 1 ? "yes" : "no");

export function consentLine(record: ConsentRecord): string {
  return csvLine([
    record.email,
    yesNo(record.news),
    yesNo(record.events),
    record.frequency,
    record.consent_version,
    record.consent_text,
    record.created_at,
    record.confirmed_at ?? "",
  ]);
}
