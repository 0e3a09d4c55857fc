/** An admin answer as visitors' calls give the same item: without its state and version (docs/product.md, 'Publishing'). */
export function asVisitorsSeeIt(item: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).filter(([field]) => !["status", "publishAt", "version"].includes(field)),
  );
}
