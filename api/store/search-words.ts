import { sql, type Kysely } from "kysely";
import { editDistance } from "../../common/edit-distance";
import { dialectOf } from "./dialect";
import type { Database } from "./schema";

/**
 * The words the public texts hold, each once, for 'Did you mean …?' (docs/product.md,
 * 'Search'). A word is kept with the spelling it was first seen in ('Halloween'); close
 * ones are found by shared trigrams (pg_trgm on PostgreSQL, an FTS5 trigram table on
 * SQLite) and the nearest by edit distance wins, the same way on both stores.
 */
const WORD = /\p{L}{3,40}/gu;
/** The most new words one document adds: a long text adds its first ones. */
const WORDS_PER_DOCUMENT = 400;
const CHUNK = 100;
/** Trigram candidates weighed by edit distance. */
const CANDIDATES = 40;

export function wordsOf(texts: string[]): Map<string, string> {
  const words = new Map<string, string>();
  for (const text of texts) {
    for (const [spelling] of text.matchAll(WORD)) {
      const word = spelling.toLowerCase();
      if (!words.has(word)) words.set(word, spelling);
      if (words.size >= WORDS_PER_DOCUMENT) return words;
    }
  }
  return words;
}

/**
 * Keeps the words not yet known of these documents (each its texts); the trigram table
 * learns the new ones (SQLite). Every writer inserts its words in one order, sorted, so
 * two saves sharing words on PostgreSQL wait for each other instead of deadlocking.
 */
export async function rememberWords(db: Kysely<Database>, documents: string[][]): Promise<void> {
  const known = new Map<string, string>();
  for (const texts of documents) {
    for (const [word, spelling] of wordsOf(texts)) if (!known.has(word)) known.set(word, spelling);
  }
  const entries = [...known]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([word, spelling]) => ({ word, spelling }));
  const sqlite = dialectOf(db) === "sqlite";
  for (let start = 0; start < entries.length; start += CHUNK) {
    const added = await db
      .insertInto("search_words")
      .values(entries.slice(start, start + CHUNK))
      .onConflict((oc) => oc.column("word").doNothing())
      .returning("word")
      .execute();
    if (sqlite && added.length > 0) {
      await db
        .insertInto("search_word_trigrams")
        .values(added.map(({ word }) => ({ word })))
        .execute();
    }
  }
}

/** The spelling of a known word, if it is one. */
async function knownSpelling(db: Kysely<Database>, word: string): Promise<string | null> {
  const row = await db.selectFrom("search_words").select("spelling").where("word", "=", word).executeTakeFirst();
  return row?.spelling ?? null;
}

/** Known words sharing trigrams with `word`, the likeliest first, at most CANDIDATES. */
async function candidates(db: Kysely<Database>, word: string): Promise<Array<{ word: string; spelling: string }>> {
  if (dialectOf(db) === "postgres") {
    const rows = await sql<{ word: string; spelling: string }>`
      select word, spelling from search_words where word % ${word}
      order by similarity(word, ${word}) desc, word limit ${CANDIDATES}`.execute(db);
    return rows.rows;
  }
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) trigrams.add(`"${word.slice(i, i + 3).replaceAll('"', '""')}"`);
  if (trigrams.size === 0) return [];
  const rows = await sql<{ word: string; spelling: string }>`
    select w.word, w.spelling from search_word_trigrams join search_words w on w.word = search_word_trigrams.word
    where search_word_trigrams match ${[...trigrams].join(" OR ")}
    order by search_word_trigrams.rank, w.word limit ${CANDIDATES}`.execute(db);
  return rows.rows;
}

/**
 * The known word closest to `typed` (its spelling), or null when none is close: at most
 * one change in a word of up to five letters, two in a longer one. A known word is itself.
 */
export async function closestWord(db: Kysely<Database>, typed: string): Promise<string | null> {
  const word = typed.toLowerCase();
  if (word.length < 3 || word.length > 40) return null;
  const known = await knownSpelling(db, word);
  if (known !== null) return known;
  const most = word.length <= 5 ? 1 : 2;
  let best: { spelling: string; distance: number } | null = null;
  for (const candidate of await candidates(db, word)) {
    const distance = editDistance(word, candidate.word, most);
    if (distance <= most && (best === null || distance < best.distance))
      best = { spelling: candidate.spelling, distance };
  }
  return best?.spelling ?? null;
}
