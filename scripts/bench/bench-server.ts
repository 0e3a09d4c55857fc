import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServing, stop } from "../lib/server";
import { BENCH_PASSWORD } from "./admin-client";
import { serverPid } from "./process-memory";

type Serving = Awaited<ReturnType<typeof startServing>>;

/**
 * The compiled server as `npm start` runs it (SQLite), on a fresh DATA_DIR named by
 * `prefix`, with the benches' administrator: `measure` gets it and the pid of the node
 * process serving, whose memory the memory benches read. Stopped and its data removed
 * afterwards, whether `measure` got through or not.
 */
export async function withBenchServer(
  prefix: string,
  measure: (server: Serving, pid: number) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const server = await startServing({ DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD }, { compiled: true });
  try {
    if (server.child.pid === undefined) throw new Error("the server has no pid");
    await measure(server, serverPid(server.child.pid));
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
