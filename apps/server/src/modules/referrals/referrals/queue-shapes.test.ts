import { referralListQuerySchema } from '@trust/domain';
import { and } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { queueFilters } from './repo.ts';

// The queue's page is one prepared statement per shape of filters (issue #22): a statement is found by the shape
// alone, so two requests with the same shape must build the same SQL, whatever their values.
const dialect = new PgDialect();
const sqlOf = (raw: Record<string, string>, providers: number[]) => {
  const q = referralListQuerySchema.parse(raw);
  const urgencies = q.urgency === 'all' ? null : [q.urgency];
  const { where, shape } = queueFilters(7, providers, q, urgencies);
  return { shape, text: dialect.sqlToQuery(and(...where)!).sql };
};

const QUERIES: Record<string, string>[] = [
  {},
  { search: 'yarford' },
  { search: 'ab' },
  { search: '   ' },
  { urgency: 'Immediate' },
  { method: 'auto' },
  { method: 'manual' },
  { scope: 'created' },
  { scope: 'received' },
  { need: 'Food Assistance' },
  { county_fips: '06037' },
  { gap: 'declined' },
  { gap: 'unmet' },
  { from: '2025-01-01' },
  { to: '2025-02-01' },
  { search: 'lee', need: 'Housing Assistance', from: '2025-01-01', to: '2025-12-31', method: 'auto' },
];

describe('queue statement shapes', () => {
  it('builds one SQL text per shape, for every filter and scope, with and without provider listings', () => {
    const seen = new Map<string, string>();
    for (const providers of [[], [3, 4]]) {
      for (const raw of QUERIES) {
        for (const variant of [raw, { ...raw, ...(raw.search ? { search: `${raw.search}x` } : {}) }]) {
          const { shape, text } = sqlOf(variant, providers);
          const before = seen.get(shape);
          if (before !== undefined) expect(text, JSON.stringify(variant)).toBe(before);
          seen.set(shape, text);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(20);
  });
});
