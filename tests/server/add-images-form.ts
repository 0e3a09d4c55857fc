/**
 * Add Images as a browser without JavaScript posts it (docs/product.md, 'Photos'): the
 * album, the consent box and the files in one form, from the site's own origin.
 */
export async function postAddImages(
  base: string,
  cookie: string,
  albumId: number | null,
  files: readonly File[],
): Promise<{ status: number; next: URL }> {
  const form = new FormData();
  form.append("albumId", albumId === null ? "" : String(albumId));
  form.append("consent", "on");
  for (const file of files) form.append("images", file);
  const answer = await fetch(`${base}/admin/gallery/add`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: base },
    redirect: "manual",
  });
  return { status: answer.status, next: new URL(answer.headers.get("Location") ?? "", base) };
}
