import { describe, expect, it } from "vitest";
import { inTransaction, TRANSACTION_ATTEMPTS } from "../../api/store/transaction";
import { validNews } from "./content-fixtures";
import { freshApiEachTest, json } from "./helpers";

/**
 * Issue 40, item 16: saves at the same moment never answer 500 for one another. On
 * PostgreSQL, transactions that insert the same search words in different orders
 * deadlocked, and the one the database chose to end answered 500.
 */
const api = freshApiEachTest();
const AT_ONCE = 50;
const SHARED_WORDS = 60;

/** A word of letters only (the search keeps words of letters), different for each round and index. */
const wordOf = (round: number, index: number) =>
  `shared${String.fromCharCode(97 + round)}${String.fromCharCode(97 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}`;

/** The round's shared words in an order of their own for each item: a small deterministic shuffle. */
function shuffledWords(round: number, item: number): string[] {
  const words = Array.from({ length: SHARED_WORDS }, (_, index) => wordOf(round, index));
  let seed = item * 7919 + round * 104729 + 1;
  for (let i = words.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [words[i], words[j]] = [words[j], words[i]];
  }
  return words;
}

describe("saves at the same moment", () => {
  it("50 news items sharing their words, saved at once, twice: every one is made (201) and found", async () => {
    for (const round of [0, 1]) {
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, item) =>
          api.t.request("/api/admin/news", {
            method: "POST",
            token: api.token,
            json: {
              ...validNews,
              title: `Round ${round} item ${item}`,
              content: `<p>${shuffledWords(round, item).join(" ")}</p>`,
            },
          }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: AT_ONCE }, () => 201));
    }
    const total = await api.t.request("/api/admin/news?limit=1", { token: api.token });
    expect(total.headers.get("X-Total-Count")).toBe(String(2 * AT_ONCE));
    // Each was indexed: a word of the second round finds that round's 50.
    const found = await json<{ total: number }>(await api.t.request(`/api/search?q=${wordOf(1, 3)}`));
    expect(found.total).toBe(AT_ONCE);
  });
});

describe("a transaction the database ended for another one", () => {
  /** What PostgreSQL throws at the transaction it chose to end (SQLSTATE 40P01 or 40001). */
  const endedBy = (code: string) => Object.assign(new Error("ended for another transaction"), { code });
  const stored = async (word: string) =>
    (await api.t.api.store.db.selectFrom("search_words").select("word").where("word", "=", word).execute()).length;

  it("is run again, and only its last run is kept", async () => {
    let runs = 0;
    const answer = await inTransaction(api.t.api.store.db, async (trx) => {
      runs += 1;
      await trx.insertInto("search_words").values({ word: "retried", spelling: "retried" }).execute();
      if (runs === 1) throw endedBy("40P01");
      return "saved";
    });
    expect({ answer, runs, rows: await stored("retried") }).toEqual({ answer: "saved", runs: 2, rows: 1 });
  });

  it("is run a bounded number of times, and any other error is passed on at once", async () => {
    let runs = 0;
    const always = inTransaction(api.t.api.store.db, async () => {
      runs += 1;
      throw endedBy("40001");
    });
    await expect(always).rejects.toThrow("ended for another transaction");
    expect(runs).toBe(TRANSACTION_ATTEMPTS);

    runs = 0;
    const other = inTransaction(api.t.api.store.db, async () => {
      runs += 1;
      throw Object.assign(new Error("refused"), { code: "23505" });
    });
    await expect(other).rejects.toThrow("refused");
    expect(runs).toBe(1);
  });
});
