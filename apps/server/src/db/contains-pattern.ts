/**
 * The LIKE pattern of a search over a lower-cased search_text column (a trigram index serves it): the term
 * lower-cased, its own % and _ matching themselves.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
