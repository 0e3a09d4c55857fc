import { readFileSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";

/**
 * The server's memory as Linux counts it, from /proc: resident set (VmRSS) and its
 * high-water mark (VmHWM), which writing 5 to clear_refs sets back to the current RSS,
 * so the peak of one request or one load run can be read on its own.
 */

export interface Memory {
  rssMb: number;
  peakMb: number;
}

const NODE = realpathSync(process.execPath);

function isNode(pid: number): boolean {
  try {
    return realpathSync(readlinkSync(`/proc/${pid}/exe`)) === NODE;
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return text ? text.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * The node process serving, given the pid we spawned: that pid itself when it is node
 * (startServing runs node directly today), else the first node process under it (were
 * it ever a shell or npm wrapper, its memory would not be the server's).
 */
export function serverPid(spawned: number): number {
  const queue = [spawned];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (isNode(pid)) return pid;
    queue.push(...childrenOf(pid));
  }
  throw new Error(`no node process found under pid ${spawned}`);
}

const kbLine = (status: string, field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  // A process that has exited but not yet been reaped has no memory lines.
  if (!match) throw new Error(`the server process has no ${field}: it has exited`);
  return Number(match[1]);
};

export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return { rssMb: kbLine(status, "VmRSS") / 1024, peakMb: kbLine(status, "VmHWM") / 1024 };
}

/** Starts a new peak: VmHWM becomes the current RSS. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
