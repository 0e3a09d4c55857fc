import type { Context } from "hono";
import { inBatches, type ListWindow } from "../../store/listing";
import { TOTAL_COUNT_HEADER } from "./list-query";

/** Where a list's answer comes from: its store functions, with the caller's fields and filter bound. */
export interface ListSource<Item> {
  count(): Promise<number>;
  window(window: ListWindow): Promise<Item[]>;
  ids(): Promise<number[]>;
  byIds(ids: number[]): Promise<Item[]>;
}

/**
 * A list's answer: one window of it, or (no parameters, as docs/product.md, 'The calls it makes' has it) all of it.
 * The whole list is streamed a batch at a time and gives the event loop back between
 * batches, so a client reading 10,000 items never holds up everyone else's requests.
 */
export async function listResponse<Item extends { id: number }>(
  c: Context,
  window: ListWindow | null,
  source: ListSource<Item>,
): Promise<Response> {
  if (window) {
    const [total, items] = await Promise.all([source.count(), source.window(window)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(items);
  }
  const ids = await source.ids();
  c.header(TOTAL_COUNT_HEADER, String(ids.length));
  return c.body(jsonArrayStream(inBatches(ids, source.byIds)), 200, { "Content-Type": "application/json" });
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `[a,b,…]` written batch by batch. */
export function jsonArrayStream(batches: AsyncIterable<unknown[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let separator = "";
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("["));
    },
    async pull(controller) {
      await yieldToEventLoop();
      const { value, done } = await iterator.next();
      if (done) {
        controller.enqueue(encoder.encode("]"));
        controller.close();
        return;
      }
      if (value.length === 0) return;
      controller.enqueue(encoder.encode(separator + value.map((item) => JSON.stringify(item)).join(",")));
      separator = ",";
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
