import { useReducer, useState } from "react";
import { BatchQueue } from "./batch-queue";

export type { BatchEntry, Stage } from "./batch-queue";

/** One BatchQueue for the page, drawn again at each of its changes. */
export function useBatchUploads(): BatchQueue {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [queue] = useState(() => new BatchQueue(redraw));
  return queue;
}
