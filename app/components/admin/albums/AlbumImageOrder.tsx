import { Form, useSubmit } from "@remix-run/react";
import { useState, type DragEvent } from "react";
import { AlbumThumb } from "./AlbumThumb";
import { useHydrated } from "~/lib/use-hydrated";

interface Image {
  id: string;
  imageUrl: string;
  caption: string | null;
}

interface Props {
  images: Image[];
  /** The image just before this page and just after it, so Up and Down cross the page's edges. */
  neighbours: { before: string | null; after: string | null };
  coverImageId: string | null;
  page: number;
}

/** A form that posts one change of the order: `imageIds` take, in that order, the places they hold now. */
function OrderButton({ ids, page, label, text }: { ids: string[]; page: number; label: string; text: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="order" />
      <input type="hidden" name="imageIds" value={ids.join(",")} />
      <input type="hidden" name="page" value={page} />
      <button type="submit" className="button button--secondary" aria-label={label}>
        {text}
      </button>
    </Form>
  );
}

/** A form about one image of the album: make it the cover, or take it out. */
function ImageForm(props: { intent: string; imageId: string; page: number; label: string; children: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="imageId" value={props.imageId} />
      <input type="hidden" name="page" value={props.page} />
      <button type="submit" className="button button--secondary" aria-label={props.label}>
        {props.children}
      </button>
    </Form>
  );
}

/**
 * The album's images in their order (docs/product.md, 'Photos'). Up and Down are forms, so they
 * work without JavaScript and from the keyboard; where JavaScript runs, an image can also
 * be dragged to its place, and the page's new order is posted the same way.
 */
export function AlbumImageOrder({ images, neighbours, coverImageId, page }: Props) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // The order while dragging, for the page's images it was made from: new images from the server replace it.
  const [dragging, setDragging] = useState<{ from: Image[]; order: Image[] } | null>(null);
  const order = dragging && dragging.from === images ? dragging.order : images;
  const setOrder = (change: (current: Image[]) => Image[]) => setDragging({ from: images, order: change(order) });
  const [dragged, setDragged] = useState<string | null>(null);

  const onDragOver = (event: DragEvent<HTMLLIElement>, overId: string) => {
    event.preventDefault();
    if (!dragged || dragged === overId) return;
    setOrder((current) => {
      const moving = current.find((image) => image.id === dragged);
      if (!moving) return current;
      const rest = current.filter((image) => image.id !== dragged);
      const at = rest.findIndex((image) => image.id === overId);
      const after = current.findIndex((image) => image.id === overId) > current.indexOf(moving);
      return [...rest.slice(0, at + (after ? 1 : 0)), moving, ...rest.slice(at + (after ? 1 : 0))];
    });
  };
  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    setDragged(null);
    if (order.every((image, index) => image.id === images[index]?.id)) return;
    const imageIds = order.map((image) => image.id).join(",");
    submit({ intent: "order", imageIds, page: String(page) }, { method: "post", preventScrollReset: true });
  };

  return (
    <ol className="album-order" aria-label="Images in this album, in order">
      {order.map((image, index) => {
        const previous = index > 0 ? order[index - 1].id : neighbours.before;
        const next = index < order.length - 1 ? order[index + 1].id : neighbours.after;
        const name = image.caption || `image ${image.id}`;
        return (
          <li
            key={image.id}
            className={`album-order__item${dragged === image.id ? " album-order__item--dragging" : ""}`}
            data-image-id={image.id}
            draggable={hydrated || undefined}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", image.id);
              setDragged(image.id);
            }}
            onDragOver={(event) => onDragOver(event, image.id)}
            onDrop={onDrop}
            onDragEnd={() => setDragged(null)}
          >
            <AlbumThumb image={image} cover={image.id === coverImageId} />
            <span className="album-order__actions">
              {previous ? (
                <OrderButton ids={[image.id, previous]} page={page} label={`Move ${name} up`} text="Up" />
              ) : null}
              {next ? <OrderButton ids={[next, image.id]} page={page} label={`Move ${name} down`} text="Down" /> : null}
              <ImageForm intent="remove" imageId={image.id} page={page} label={`Take ${name} out of the album`}>
                Take out
              </ImageForm>
              {image.id === coverImageId ? null : (
                <ImageForm intent="cover" imageId={image.id} page={page} label={`Make ${name} the cover`}>
                  Make cover
                </ImageForm>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
