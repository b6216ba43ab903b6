import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { type AuditRow, AuditWriter } from './audit-writer.ts';

const row = (n: number): AuditRow => ({
  action: 'referral.list_read',
  entityType: 'referral',
  entityId: String(n),
  details: { ids: [n] },
  at: new Date(),
});

describe('AuditWriter (group commit of PHI read audit rows)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => drop());

  const count = async () =>
    Number(
      (
        await database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_log WHERE action = 'referral.list_read'",
        )
      )[0]!.n,
    );

  it('writes one row alone at once, and rows that arrive during an INSERT together in the next', async () => {
    const writer = new AuditWriter(database);
    const insert = vi.spyOn(database.db, 'insert');
    const before = await count();
    await writer.write(row(1));
    expect(insert).toHaveBeenCalledTimes(1);
    // 40 requests at once: the first goes alone, the 39 that queued behind it go in one more INSERT.
    await Promise.all(Array.from({ length: 40 }, (_, i) => writer.write(row(100 + i))));
    expect(insert).toHaveBeenCalledTimes(3);
    expect(await count()).toBe(before + 41);
    insert.mockRestore();
  });

  it('fails every caller of a batch whose INSERT fails (the read is not answered unaudited), then recovers', async () => {
    const writer = new AuditWriter(database);
    const bad = { ...row(7), action: undefined } as unknown as AuditRow; // NOT NULL violation
    const results = await Promise.allSettled([writer.write(row(1)), writer.write(bad), writer.write(row(2))]);
    expect(results[0]!.status).toBe('fulfilled');
    expect(results[1]!.status).toBe('rejected');
    expect(results[2]!.status).toBe('rejected');
    await expect(writer.write(row(3))).resolves.toBeUndefined();
  });
});
