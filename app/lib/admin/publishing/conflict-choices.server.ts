import { CONFLICT_BASE, CONFLICT_FIELDS, keepField, theirsField } from "./conflict";

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
    if (choices[index] === "theirs") chosen[name] = fields[theirsField(name)] ?? "";
  });
  return chosen;
}
