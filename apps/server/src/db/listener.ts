import pg from 'pg';

/** The state of a process's LISTEN connection, as GET /health reports it. */
export type ListenerState = {
  /** NOTIFYs reach this process now. */
  listening: boolean;
  /** Since when NOTIFYs have not been reaching it (null while listening). */
  downSince: Date | null;
  /** How many times the connection was re-established since the process started. */
  reconnects: number;
};

export type ListenerChange = ListenerState & {
  /** Why the connection went down (a connection error's code or message; never query data). */
  reason?: string;
};

export type ListenerOptions = {
  /** Backoff between reconnect attempts: doubling from min to max, with jitter. */
  minDelayMs: number;
  maxDelayMs: number;
  /** Awaited before every reconnect attempt; tests hold it to observe the down window. */
  beforeReconnect?: () => Promise<void>;
};

/**
 * The LISTEN side of a database: subscribe to channels, watch the connection's state. `options` is mutable so a
 * test can slow or hold the reconnection of a database it was handed.
 */
export interface DatabaseListener {
  state(): ListenerState;
  /** Called on every transition (down, then up again after a reconnect); returns the unsubscribe. */
  onChange(fn: (change: ListenerChange) => void): () => void;
  options: ListenerOptions;
}

/** Delay before reconnect attempt `attempt` (0-based): doubling from min to max, minus up to 20 % jitter. */
export function reconnectDelay(attempt: number, minMs: number, maxMs: number, random = Math.random) {
  const base = Math.min(maxMs, minMs * 2 ** attempt);
  return Math.round(base * (0.8 + 0.2 * random()));
}

function quoteChannel(channel: string) {
  return `"${channel.replaceAll('"', '')}"`;
}

/**
 * One dedicated connection (not from the pool: LISTEN is bound to a session) that carries every channel of
 * the process. When PostgreSQL drops it (restart, failover, pg_terminate_backend, a dead network noticed by
 * TCP keepalive) it reconnects with backoff and re-issues LISTEN on every channel; NOTIFYs sent while it was
 * down are lost, which is why watchers are told (the event hub sends `resync` and re-checks its streams).
 */
export class PgListener implements DatabaseListener {
  readonly options: ListenerOptions = { minDelayMs: 250, maxDelayMs: 5000 };
  readonly #url: string;
  readonly #channels = new Map<string, Set<(payload: string) => void>>();
  readonly #watchers = new Set<(change: ListenerChange) => void>();
  #client: pg.Client | null = null;
  #first: Promise<void> | null = null;
  #reconnecting = false;
  #closed = false;
  #sleep: { timer: NodeJS.Timeout; wake: () => void } | null = null;
  #state: ListenerState = { listening: false, downSince: new Date(), reconnects: 0 };

  constructor(url: string) {
    this.#url = url;
  }

  state(): ListenerState {
    return { ...this.#state };
  }

  onChange(fn: (change: ListenerChange) => void) {
    this.#watchers.add(fn);
    return () => {
      this.#watchers.delete(fn);
    };
  }

  /** Subscribes to a channel. The first call opens the connection and fails if the database is unreachable. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('The database is closed');
    let handlers = this.#channels.get(channel);
    const isNew = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.#channels.set(channel, handlers);
    }
    handlers.add(onPayload);
    try {
      this.#first ??= this.#openFirst();
      await this.#first;
    } catch (err) {
      this.#first = null;
      handlers.delete(onPayload);
      if (handlers.size === 0) this.#channels.delete(channel);
      throw err;
    }
    // While the connection is down the reconnect issues LISTEN for every channel, this one included.
    if (isNew) await this.#client?.query(`LISTEN ${quoteChannel(channel)}`).catch(() => {});
    return async () => {
      const set = this.#channels.get(channel);
      if (!set?.delete(onPayload) || set.size > 0) return;
      this.#channels.delete(channel);
      await this.#client?.query(`UNLISTEN ${quoteChannel(channel)}`).catch(() => {});
    };
  }

  async close() {
    this.#closed = true;
    if (this.#sleep) {
      clearTimeout(this.#sleep.timer);
      this.#sleep.wake();
    }
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  async #openFirst() {
    this.#client = await this.#connect();
    this.#setState({ listening: true, downSince: null, reconnects: 0 });
  }

  /** A connected client listening on every channel; its loss starts the reconnection. */
  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: 'trust-marketplace-listen',
      // A peer that vanished without closing (a dead network) is noticed by TCP keepalive, not never.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.#client === client) this.#lost(client, err);
    };
    // 'error' without a listener would crash the process; the connection is replaced instead.
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.payload === undefined) return;
      for (const handler of this.#channels.get(msg.channel) ?? []) {
        try {
          handler(msg.payload);
        } catch {
          // A handler's failure is its own; the others still get the payload.
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (err) {
      lost = true;
      await client.end().catch(() => {});
      throw err;
    }
    if (lost) throw new Error('The LISTEN connection was lost while it was being set up');
    return client;
  }

  #lost(client: pg.Client, err?: Error) {
    this.#client = null;
    void client.end().catch(() => {});
    if (this.#closed) return;
    const code = (err as { code?: string } | undefined)?.code;
    this.#setState(
      { listening: false, downSince: new Date(), reconnects: this.#state.reconnects },
      code ?? err?.message ?? 'connection ended',
    );
    void this.#reconnect();
  }

  async #reconnect() {
    if (this.#reconnecting) return;
    this.#reconnecting = true;
    try {
      for (let attempt = 0; !this.#closed; attempt++) {
        await this.#wait(reconnectDelay(attempt, this.options.minDelayMs, this.options.maxDelayMs));
        await this.options.beforeReconnect?.();
        if (this.#closed) return;
        let client: pg.Client;
        try {
          client = await this.#connect();
        } catch {
          continue;
        }
        if (this.#closed) {
          await client.end().catch(() => {});
          return;
        }
        this.#client = client;
        this.#setState({ listening: true, downSince: null, reconnects: this.#state.reconnects + 1 });
        return;
      }
    } finally {
      this.#reconnecting = false;
    }
  }

  #wait(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        this.#sleep = null;
        resolve();
      };
      this.#sleep = { timer: setTimeout(wake, ms), wake };
    });
  }

  #setState(state: ListenerState, reason?: string) {
    this.#state = state;
    const change: ListenerChange = reason === undefined ? { ...state } : { ...state, reason };
    for (const watcher of this.#watchers) {
      try {
        watcher(change);
      } catch {
        // A watcher's failure must not stop the reconnection.
      }
    }
  }
}

/** PGlite delivers NOTIFYs inside the process: its listener is always up. */
export const inProcessListener: DatabaseListener = {
  state: () => ({ listening: true, downSince: null, reconnects: 0 }),
  onChange: () => () => {},
  options: { minDelayMs: 0, maxDelayMs: 0 },
};
