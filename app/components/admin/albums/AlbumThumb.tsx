import { ResponsiveImage } from "~/components/ResponsiveImage";

/** An image as the album screen's lists show it: a small thumbnail and its caption. */
export function AlbumThumb({
  image,
  cover = false,
}: {
  image: { imageUrl: string; caption: string | null };
  cover?: boolean;
}) {
  return (
    <>
      <ResponsiveImage className="album-order__thumb" src={image.imageUrl} alt="" width={96} height={72} sizes="96px" />
      <span className="album-order__caption">
        {image.caption ?? <span className="empty-text">(No caption)</span>}
        {cover ? <strong> (Cover)</strong> : null}
      </span>
    </>
  );
}
