import type { Kysely } from "kysely";
import type { Database } from "./schema";
import { searchCount } from "./search";
import { wordsOfQuery } from "./search-query";
import { closestWord } from "./search-words";

/** A query of more words than this gets no suggestion: each word costs a look-up. */
const MOST_WORDS = 5;

/**
 * 'Did you mean …?': the query with each word that is not in
 * the public texts replaced by the closest one that is ('halowen' → 'Halloween'), offered
 * only when it differs and finds something now.
 */
export async function suggestionFor(db: Kysely<Database>, q: string, now: Date): Promise<string | null> {
  const words = wordsOfQuery(q);
  if (words.length === 0 || words.length > MOST_WORDS) return null;
  const suggested: string[] = [];
  for (const word of words) suggested.push((await closestWord(db, word)) ?? word);
  const suggestion = suggested.join(" ");
  if (suggestion.toLowerCase() === words.join(" ").toLowerCase()) return null;
  return (await searchCount(db, suggestion, now)) > 0 ? suggestion : null;
}
