/**
 * The LIKE pattern of a search over a lower-cased search_text column (a trigram index serves it): the term
 * lower-cased, its own % and _ matching themselves.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a search can use its trigram index (pg_trgm indexes a term of three characters or more). Such a
 * search is ordered by an expression no index gives (issue #22): PostgreSQL estimates a pattern's matches from
 * its trigrams alone, thousands for a surname that matches a few hundred rows, so with an indexed order it walks
 * that index filtering every row by the pattern, hoping to meet a page of matches soon (235 ms for a queue
 * search, 1.4 s for a member search at a million rows). Ordered by an expression, the matches come from the
 * trigram index and are sorted: a few milliseconds.
 */
export function searchesByTrigrams(term: string | undefined): boolean {
  return term !== undefined && term.trim().length >= 3;
}
