/**
 * Whether two of an item's field values are the same value, as a three-way merge of a
 * save judges them (docs/product.md, 'Publishing', 'No edit lost'): a missing value is
 * null, and an object's keys are compared whatever their order (an event's booking
 * settings come from a form, a request's body and the store, each in its own order).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(inKeyOrder(a ?? null)) === JSON.stringify(inKeyOrder(b ?? null));
}

function inKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inKeyOrder);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, inKeyOrder(inner)]));
}
