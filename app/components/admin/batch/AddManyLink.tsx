import { Link } from "@remix-run/react";
import { ADD_MANY_PATH } from "~/lib/uploads/batch";

/** Beside the SPEC's 'Add Image' on /admin/gallery: many photos at once (docs/product.md, 'Photos'). */
export function AddManyLink() {
  return (
    <Link to={ADD_MANY_PATH} className="button button--secondary">
      Add Images
    </Link>
  );
}
