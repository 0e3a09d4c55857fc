import { useSearchParams } from "@remix-run/react";
import type { ComponentProps } from "react";
import { Lightbox } from "./Lightbox";

type Props = Omit<ComponentProps<typeof Lightbox>, "index">;

/** The lightbox of the image the address names (?image=ID) among the page's images; nothing when none is. */
export function OpenLightbox(props: Props) {
  const [searchParams] = useSearchParams();
  const index = props.images.findIndex((image) => image.id === searchParams.get("image"));
  return index >= 0 ? <Lightbox {...props} index={index} /> : null;
}
