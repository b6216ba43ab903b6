import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import type { ListenerChange, ListenerState } from '../db/listener.ts';
import { SessionCache } from './session-cache.ts';
import {
  announceSessionChange,
  IDLE_MS,
  SESSION_CHANGES_CHANNEL,
  type SessionChange,
  type SessionRow,
  watchLocalSessionChanges,
} from './sessions.ts';

// Issue #22: the per-process session cache on its own, against a fake LISTEN connection and a clock the tests
// move. What it must never do is answer with a session that a change has made stale.

/** A LISTEN side whose connection the test drops and restores, and whose NOTIFYs it sends. */
function fakeDatabase() {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const watchers = new Set<(change: ListenerChange) => void>();
  let state: ListenerState = { listening: true, downSince: null, reconnects: 0 };
  const set = (next: ListenerState) => {
    state = next;
    for (const watch of watchers) watch({ ...next });
  };
  const database: Pick<Database, 'listen' | 'listener'> = {
    async listen(channel, onPayload) {
      const handlers = channels.get(channel) ?? new Set();
      handlers.add(onPayload);
      channels.set(channel, handlers);
      return async () => {
        handlers.delete(onPayload);
      };
    },
    listener: {
      state: () => ({ ...state }),
      onChange(fn) {
        watchers.add(fn);
        return () => {
          watchers.delete(fn);
        };
      },
      options: { minDelayMs: 0, maxDelayMs: 0 },
    },
  };
  return {
    database,
    notify: (channel: string, payload: string) => {
      for (const handler of channels.get(channel) ?? []) handler(payload);
    },
    listeners: (channel: string) => channels.get(channel)?.size ?? 0,
    drop: () => set({ listening: false, downSince: new Date(), reconnects: state.reconnects }),
    restore: () => set({ listening: true, downSince: null, reconnects: state.reconnects + 1 }),
  };
}

const START = Date.parse('2026-03-01T12:00:00Z');

function row(overrides: { sessionId?: number; userId?: number; apiClientId?: number } = {}): SessionRow {
  const at = new Date(START);
  return {
    sessionId: overrides.sessionId ?? 1,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(START + 12 * 3_600_000),
    activeOrgId: null,
    consentRequired: false,
    user: {
      id: overrides.userId ?? 10,
      name: 'Test User',
      email: 'test@example.org',
      phoneNumber: null,
      passwordHash: 'x',
      role: 'care_coordinator',
      emailVerified: true,
      isActive: true,
      createdAt: at,
      lastLogin: null,
      kind: 'person',
    },
    memberships: [],
    apiClientId: overrides.apiClientId ?? null,
    scopes: null,
    clientRevokedAt: null,
    clientLastUsedAt: null,
  };
}

async function started(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const fake = fakeDatabase();
  const clock = { now: START };
  const cache = new SessionCache(fake.database, { ttlMs: 5000, ...options, now: () => clock.now });
  await cache.start();
  const at = () => new Date(clock.now);
  return { fake, clock, cache, at };
}

describe('SessionCache', () => {
  it('serves a stored session until its TTL has passed since the read began', async () => {
    const { cache, clock, at } = await started();
    const readAt = cache.clock();
    clock.now += 100; // the read took 100 ms
    cache.store('h1', row(), readAt);
    expect(cache.get('h1', at())?.sessionId).toBe(1);
    clock.now = START + 4999;
    expect(cache.get('h1', at())?.sessionId).toBe(1);
    clock.now = START + 5000;
    expect(cache.get('h1', at())).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.stats).toEqual({ hits: 2, misses: 1 });
  });

  it('does not keep a read that took longer than the TTL', async () => {
    const { cache, clock, at } = await started();
    const readAt = cache.clock();
    clock.now += 5000;
    cache.store('h1', row(), readAt);
    expect(cache.get('h1', at())).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest read first', async () => {
    const { cache, at } = await started({ maxEntries: 3 });
    for (let i = 1; i <= 4; i++) cache.store(`h${i}`, row({ sessionId: i, userId: i }), cache.clock());
    expect(cache.size).toBe(3);
    expect(cache.get('h1', at())).toBeUndefined();
    expect(cache.get('h4', at())?.sessionId).toBe(4);
    // Storing a held key again moves it to the back.
    cache.store('h2', row({ sessionId: 2, userId: 2 }), cache.clock());
    cache.store('h5', row({ sessionId: 5, userId: 5 }), cache.clock());
    expect(cache.get('h3', at())).toBeUndefined();
    expect(cache.get('h2', at())?.sessionId).toBe(2);
  });

  it('never answers with a session that has ended or whose user is inactive (the database decides)', async () => {
    const { cache, clock, at } = await started({ ttlMs: IDLE_MS + 60_000 });
    cache.store('idle', row({ sessionId: 1 }), cache.clock());
    cache.store(
      'inactive',
      { ...row({ sessionId: 2, userId: 2 }), user: { ...row().user, isActive: false } },
      cache.clock(),
    );
    cache.store(
      'revoked',
      { ...row({ sessionId: 3, userId: 3, apiClientId: 7 }), clientRevokedAt: new Date(START) },
      cache.clock(),
    );
    expect(cache.get('inactive', at())).toBeUndefined();
    expect(cache.get('revoked', at())).toBeUndefined();
    clock.now = START + IDLE_MS;
    expect(cache.get('idle', at())).toBeUndefined();
  });

  it('keeps the touch this process wrote', async () => {
    const { cache, clock, at } = await started();
    cache.store('h1', row(), cache.clock());
    clock.now += 1000;
    cache.touched('h1', { lastSeenAt: at() });
    expect(cache.get('h1', at())?.lastSeenAt).toEqual(at());
  });

  it('drops entries by session id and by user id when a change is announced on the channel', async () => {
    const { cache, fake, at } = await started();
    cache.store('a', row({ sessionId: 1, userId: 10 }), cache.clock());
    cache.store('b', row({ sessionId: 2, userId: 10 }), cache.clock());
    cache.store('c', row({ sessionId: 3, userId: 11 }), cache.clock());
    cache.store('d', row({ sessionId: 4, userId: 12 }), cache.clock());
    fake.notify(SESSION_CHANGES_CHANNEL, JSON.stringify({ session_ids: [3] }));
    expect(cache.get('c', at())).toBeUndefined();
    expect(cache.get('a', at())).toBeDefined();
    fake.notify(SESSION_CHANGES_CHANNEL, JSON.stringify({ user_ids: [10] }));
    expect(cache.get('a', at())).toBeUndefined();
    expect(cache.get('b', at())).toBeUndefined();
    expect(cache.get('d', at())).toBeDefined();
    // A payload it cannot read empties it: better a read than a stale answer.
    fake.notify(SESSION_CHANGES_CHANNEL, 'not json');
    expect(cache.size).toBe(0);
  });

  it('shares one database read among the requests of a token that miss together, until a change is announced', async () => {
    const { cache, fake } = await started();
    let reads = 0;
    const pending: ((r: SessionRow) => void)[] = [];
    const load = () => {
      reads += 1;
      return new Promise<SessionRow | undefined>((resolve) => pending.push(resolve));
    };
    const first = cache.read('h1', load);
    const second = cache.read('h1', load);
    expect(reads).toBe(1);
    // Another token reads on its own.
    void cache.read('h2', load);
    expect(reads).toBe(2);
    // After an announcement a request does not join the read that began before it.
    fake.notify(SESSION_CHANGES_CHANNEL, JSON.stringify({ session_ids: [99] }));
    const third = cache.read('h1', load);
    expect(reads).toBe(3);
    for (const resolve of pending) resolve(row());
    const [a, b, c] = await Promise.all([first, second, third]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    // Once settled, the next miss reads again.
    void cache.read('h1', async () => {
      reads += 1;
      return row();
    });
    expect(reads).toBe(4);
  });

  it('keeps no read that began before an announcement arrived; keeps one that began after', async () => {
    const { cache, clock, at } = await started();
    const readAt = cache.clock();
    clock.now += 10;
    cache.invalidate({ session_ids: [1] });
    clock.now += 10;
    cache.store('a', row({ sessionId: 1, userId: 10 }), readAt);
    expect(cache.get('a', at())).toBeUndefined();
    cache.store('a', row({ sessionId: 1, userId: 10 }), cache.clock());
    expect(cache.get('a', at())?.sessionId).toBe(1);

    const userReadAt = cache.clock();
    clock.now += 10;
    cache.invalidate({ user_ids: [20] });
    cache.store('b', row({ sessionId: 2, userId: 20 }), userReadAt);
    expect(cache.get('b', at())).toBeUndefined();
    // Another user's read of the same moment is kept.
    cache.store('c', row({ sessionId: 3, userId: 30 }), userReadAt);
    expect(cache.get('c', at())?.sessionId).toBe(3);
  });

  it("is told of this process's announcements at once, and keeps nothing they name until their NOTIFY is back", async () => {
    const { cache, fake, clock, at } = await started();
    cache.store('a', row({ sessionId: 21, userId: 31 }), cache.clock());
    cache.store('b', row({ sessionId: 22, userId: 32 }), cache.clock());
    const made: SessionChange[] = [];
    const unwatch = watchLocalSessionChanges((change) => made.push(change));
    // The transaction the announcement is made in; its NOTIFY is delivered by the test below.
    const tx = { execute: async () => ({ rows: [] }) } as unknown as Parameters<
      typeof announceSessionChange
    >[0];
    try {
      await announceSessionChange(tx, { session_ids: [21] });
      await announceSessionChange(tx, { user_ids: [32] });
    } finally {
      unwatch();
    }
    expect(cache.get('a', at())).toBeUndefined();
    expect(cache.get('b', at())).toBeUndefined();
    // Until the commit a read still sees the old rows, however late it began: none is kept.
    clock.now += 100;
    const beforeCommit = cache.clock();
    cache.store('a', row({ sessionId: 21, userId: 31 }), beforeCommit);
    cache.store('b', row({ sessionId: 22, userId: 32 }), beforeCommit);
    expect(cache.size).toBe(0);
    // Committed: the first NOTIFY comes back. A read that began before it is still refused; a later one kept.
    clock.now += 100;
    fake.notify(SESSION_CHANGES_CHANNEL, JSON.stringify(made[0]));
    cache.store('a', row({ sessionId: 21, userId: 31 }), beforeCommit);
    expect(cache.get('a', at())).toBeUndefined();
    clock.now += 1;
    cache.store('a', row({ sessionId: 21, userId: 31 }), cache.clock());
    expect(cache.get('a', at())?.sessionId).toBe(21);
    // The second one never comes back (rolled back): its user is kept out for a while, not for ever.
    cache.store('b', row({ sessionId: 22, userId: 32 }), cache.clock());
    expect(cache.get('b', at())).toBeUndefined();
    clock.now += 30_000;
    cache.store('b', row({ sessionId: 22, userId: 32 }), cache.clock());
    expect(cache.get('b', at())?.sessionId).toBe(22);
  });

  it('refuses a read that began before clear()', async () => {
    const { cache, clock, at } = await started();
    const readAt = cache.clock();
    clock.now += 1;
    cache.clear();
    cache.store('a', row(), readAt);
    expect(cache.get('a', at())).toBeUndefined();
  });

  it('serves and keeps nothing while the LISTEN connection is down, and starts empty when it is back', async () => {
    const { cache, fake, clock, at } = await started();
    cache.store('a', row({ sessionId: 1 }), cache.clock());
    fake.drop();
    expect(cache.get('a', at())).toBeUndefined();
    expect(cache.size).toBe(0);
    const readWhileDown = cache.clock();
    cache.store('b', row({ sessionId: 2, userId: 2 }), readWhileDown);
    expect(cache.size).toBe(0);
    clock.now += 100;
    fake.restore();
    // A read that began while announcements were being lost is not kept; a new one is.
    cache.store('b', row({ sessionId: 2, userId: 2 }), readWhileDown);
    expect(cache.get('b', at())).toBeUndefined();
    cache.store('b', row({ sessionId: 2, userId: 2 }), cache.clock());
    expect(cache.get('b', at())?.sessionId).toBe(2);
  });

  it('serves nothing before start, nor with a TTL of 0, nor after stop (which unlistens)', async () => {
    const fake = fakeDatabase();
    const idle = new SessionCache(fake.database, { ttlMs: 5000 });
    idle.store('a', row(), idle.clock());
    expect(idle.get('a', new Date())).toBeUndefined();

    const off = new SessionCache(fake.database, { ttlMs: 0 });
    await off.start();
    expect(fake.listeners(SESSION_CHANGES_CHANNEL)).toBe(0);
    off.store('a', row(), off.clock());
    expect(off.get('a', new Date())).toBeUndefined();

    const { cache, fake: other, at } = await started();
    expect(other.listeners(SESSION_CHANGES_CHANNEL)).toBe(1);
    cache.store('a', row(), cache.clock());
    await cache.stop();
    expect(other.listeners(SESSION_CHANGES_CHANNEL)).toBe(0);
    expect(cache.get('a', at())).toBeUndefined();
  });
});
