import unhomoglyph from "unhomoglyph";

/**
 * The form of a username or a shown name that two look-alikes share (docs/product.md,
 * 'People and roles'): Unicode compatibility forms folded (NFKC: full-width letters,
 * ligatures), case folded, runs of white space made one, and each character replaced by
 * the one it is confusable with (Unicode TR39's skeleton: Cyrillic 'а' and Latin 'a', 'rn'
 * and 'm'), with 'i' taken as 'l' too, since case folding turned the capital 'I' that
 * passes for an 'l' into an 'i'. Two people whose keys are equal could pass for each other,
 * so the store keeps the key beside the text and a unique index refuses the second.
 */
export function lookalikeKey(text: string): string {
  const folded = text.normalize("NFKC").toLowerCase().trim().replace(/\s+/gu, " ");
  return unhomoglyph(folded).toLowerCase().replaceAll("i", "l");
}
