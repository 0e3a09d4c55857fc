import { Form } from "@remix-run/react";
import { useState, type CSSProperties, type PointerEvent } from "react";
import { MAX_BLUR_REGIONS, type BlurRegion } from "../../../common/blur-regions";

interface Point {
  x: number;
  y: number;
}

interface Size {
  width: number;
  height: number;
}

interface Props {
  imageUrl: string;
  /** The resource route 'Blur faces' posts to. */
  action: string;
  /** The list page the dialog is open on, to return to it. */
  page: string;
  busy: boolean;
}

/** A click without a drag draws nothing: an area is at least this many of the original's pixels each way. */
const SMALLEST = 4;

const clamp = (value: number, most: number) => Math.min(Math.max(value, 0), most);

/** The rectangle between two corners, in whole pixels. */
function between(a: Point, b: Point): BlurRegion {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x, b.x) - x, height: Math.max(a.y, b.y) - y };
}

/** Where an area sits on the image as shown, whatever size it is shown at. */
function placed(region: BlurRegion, size: Size): CSSProperties {
  return {
    left: `${(region.x / size.width) * 100}%`,
    top: `${(region.y / size.height) * 100}%`,
    width: `${(region.width / size.width) * 100}%`,
    height: `${(region.height / size.height) * 100}%`,
  };
}

/**
 * The image with the areas drawn over it: a pointer (mouse, pen or finger) drags a
 * rectangle, measured in the original's own pixels however small the image is shown;
 * each area is listed with a Remove button, so the keyboard can take one back and save.
 */
export function FaceRegions({ imageUrl, action, page, busy }: Props) {
  const [size, setSize] = useState<Size | null>(null);
  const [regions, setRegions] = useState<BlurRegion[]>([]);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const full = regions.length >= MAX_BLUR_REGIONS;

  /** The pointer's place in the original's pixels. */
  const pointOf = (event: PointerEvent<HTMLElement>, natural: Size): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: clamp(Math.round(((event.clientX - box.left) / box.width) * natural.width), natural.width),
      y: clamp(Math.round(((event.clientY - box.top) / box.height) * natural.height), natural.height),
    };
  };

  const start = (event: PointerEvent<HTMLDivElement>) => {
    if (!size || full || busy || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = pointOf(event, size);
    setDrag({ from: point, to: point });
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (size && drag) setDrag({ from: drag.from, to: pointOf(event, size) });
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    if (!size || !drag) return;
    const drawn = between(drag.from, pointOf(event, size));
    setDrag(null);
    if (drawn.width >= SMALLEST && drawn.height >= SMALLEST) setRegions([...regions, drawn]);
  };

  return (
    <div className="blur-editor__body">
      <p className="field__hint">
        Draw a rectangle over each face. Blurring changes the stored image and every copy of it, and cannot be undone.
      </p>
      <div
        className="blur-editor__canvas"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={() => setDrag(null)}
      >
        <img
          src={imageUrl}
          alt="The image to blur faces in"
          draggable={false}
          ref={(img) => {
            // A cached image can be complete before React listens for its load.
            if (img?.complete && img.naturalWidth > 0 && !size)
              setSize({ width: img.naturalWidth, height: img.naturalHeight });
          }}
          onLoad={(event) =>
            setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {size
          ? regions.map((region, index) => (
              <span key={index} className="blur-editor__area" style={placed(region, size)} aria-hidden="true">
                {index + 1}
              </span>
            ))
          : null}
        {size && drag ? (
          <span
            className="blur-editor__area blur-editor__area--drawing"
            style={placed(between(drag.from, drag.to), size)}
          />
        ) : null}
      </div>
      {full ? <p className="field__hint">At most {MAX_BLUR_REGIONS} areas at a time.</p> : null}
      {regions.length > 0 ? (
        <ul className="blur-editor__list">
          {regions.map((region, index) => (
            <li key={index}>
              Area {index + 1}: {region.width} × {region.height} pixels{" "}
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Remove area ${index + 1}`}
                disabled={busy}
                onClick={() => setRegions(regions.filter((_, other) => other !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="regions" value={JSON.stringify(regions)} />
        <input type="hidden" name="page" value={page} />
        <button type="submit" className="button" disabled={regions.length === 0 || busy}>
          {busy ? "Blurring..." : "Blur faces"}
        </button>
      </Form>
    </div>
  );
}
