import { CONFLICT_BASE, CONFLICT_FIELDS, keepField, theirsField, theirsPartField } from "./conflict";

/**
 * A save after a refused one carries a choice for each field both people changed
 * (docs/product.md, 'Publishing', 'No edit lost'): 'Keep theirs' puts their value in the
 * field, 'Keep mine' leaves what the form holds. A save without every choice (the form
 * asks for each, so only a hand-made post lacks one) is sent over the version the refused
 * save was typed over, so the /api finds the conflict again and it is shown afresh:
 * nothing is decided for anyone.
 */
export function withChoices(fields: Record<string, string>): Record<string, string> {
  const names = (fields[CONFLICT_FIELDS] ?? "").split(" ").filter(Boolean);
  if (names.length === 0) return fields;
  const choices = names.map((name) => fields[keepField(name)]);
  if (choices.some((choice) => choice !== "mine" && choice !== "theirs")) {
    return { ...fields, version: fields[CONFLICT_BASE] ?? "" };
  }
  const chosen = { ...fields };
  names.forEach((name, index) => {
    if (choices[index] !== "theirs") return;
    // A field held in several inputs (an event's booking) comes back as each input's value.
    const parts = Object.keys(fields).filter((key) => key.startsWith(theirsPartField(name, "")));
    if (parts.length === 0) chosen[name] = fields[theirsField(name)] ?? "";
    for (const part of parts) chosen[part.slice(theirsPartField(name, "").length)] = fields[part] ?? "";
  });
  return chosen;
}
