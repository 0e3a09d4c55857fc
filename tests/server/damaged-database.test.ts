import { closeSync, existsSync, mkdirSync, openSync, readSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { SQLite } from "../../api/store/sqlite-driver";
import { afterEach, describe, expect, it } from "vitest";
import { makeApi, tempDataDir } from "../api/helpers";
import { stackLines, startRefused } from "../fixtures/real-server";

/**
 * A damaged database is refused at start with a message that names the file and says
 * how to restore a backup, instead of serving 500s or wrong answers from a broken b-tree.
 */
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** A DATA_DIR holding the demo content, closed (so no WAL is left beside it). */
async function seededDataDir(): Promise<{ dir: string; file: string }> {
  const temp = await tempDataDir();
  cleanup = temp.cleanup;
  const t = await makeApi({ dataDir: temp.dir, seedDemo: true });
  await t.api.close();
  const file = path.join(temp.dir, "data.sqlite");
  expect(existsSync(`${file}-wal`)).toBe(false);
  return { dir: temp.dir, file };
}

function pageSize(file: string): number {
  const header = Buffer.alloc(100);
  const fd = openSync(file, "r");
  readSync(fd, header, 0, 100, 0);
  closeSync(fd);
  const size = header.readUInt16BE(16);
  return size === 1 ? 65536 : size;
}

function readPage(file: string, page: number): Buffer {
  const size = pageSize(file);
  const bytes = Buffer.alloc(size);
  const fd = openSync(file, "r");
  readSync(fd, bytes, 0, size, (page - 1) * size);
  closeSync(fd);
  return bytes;
}

/** Deterministic garbage over `length` bytes at `offset` of `page`. */
function scribble(file: string, page: number, offset: number, length: number): void {
  const garbage = Buffer.from(Array.from({ length }, (_, i) => (i * 151 + 89) % 256));
  const fd = openSync(file, "r+");
  writeSync(fd, garbage, 0, length, (page - 1) * pageSize(file) + offset);
  closeSync(fd);
}

function rootPage(file: string, table: string): number {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare("SELECT rootpage FROM sqlite_master WHERE name = ?").get(table) as { rootpage: number })
      .rootpage;
  } finally {
    db.close();
  }
}

/** A b-tree page (table or index, leaf or interior) in the second half of the file. */
function btreePageMidFile(file: string): number {
  const pages = statSync(file).size / pageSize(file);
  for (let page = Math.ceil(pages / 2); page <= pages; page++) {
    if ([0x02, 0x05, 0x0a, 0x0d].includes(readPage(file, page)[0])) return page;
  }
  throw new Error("no b-tree page in the second half of the file");
}

async function openRefusal(dir: string): Promise<string> {
  try {
    const t = await makeApi({ dataDir: dir });
    await t.api.close();
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error("the API opened a damaged database");
}

describe("a damaged database at start", () => {
  it("garbage over a table page: refused, naming the file and how to restore", async () => {
    const { dir, file } = await seededDataDir();
    scribble(file, rootPage(file, "news"), 0, pageSize(file));
    const message = await openRefusal(dir);
    expect(message).toContain(`The database ${file} is damaged (`);
    expect(message).toContain("so the site will not start on it");
    expect(message).toContain(`DATA_DIR=${dir} npm run admin -- restore <backup file>`);
    expect(message).toContain(`No backup was found in ${path.join(dir, "backups")}`);
  });

  it("garbage in the middle of the file: refused", async () => {
    const { dir, file } = await seededDataDir();
    scribble(file, btreePageMidFile(file), 0, 512);
    expect(await openRefusal(dir)).toContain(`The database ${file} is damaged (`);
  });

  it("garbage over the header: refused the same way", async () => {
    const { dir, file } = await seededDataDir();
    scribble(file, 1, 0, 100);
    expect(await openRefusal(dir)).toContain(`The database ${file} is damaged (file is not a database)`);
  });

  it("the restore command names the newest backup there is", async () => {
    const { dir, file } = await seededDataDir();
    mkdirSync(path.join(dir, "backups"));
    for (const name of [
      "daily-2026-02-27T03-00-00Z.sqlite",
      "backup-2026-02-28T10-00-00Z.sqlite",
      "daily-2026-02-28T03-00-00Z.sqlite",
    ]) {
      closeSync(openSync(path.join(dir, "backups", name), "w"));
    }
    scribble(file, rootPage(file, "news"), 0, pageSize(file));
    expect(await openRefusal(dir)).toContain(
      `DATA_DIR=${dir} npm run admin -- restore ${path.join(dir, "backups", "backup-2026-02-28T10-00-00Z.sqlite")}`,
    );
  });

  it("the server exits with code 1 and that message, without a stack trace", async () => {
    const { dir, file } = await seededDataDir();
    scribble(file, btreePageMidFile(file), 0, 512);
    const { outcome, output } = await startRefused({ DATA_DIR: dir });
    expect(outcome).toBe(1);
    expect(output).toContain(`The database ${file} is damaged (`);
    expect(output).toContain(`DATA_DIR=${dir} npm run admin -- restore`);
    expect(stackLines(output)).toEqual([]);
  });
});
