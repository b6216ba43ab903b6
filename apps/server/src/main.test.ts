import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process.ts';

describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-main-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('shuts down on SIGTERM with an event stream open, and keeps its data for the next start', {
    timeout: 120_000,
  }, async () => {
    const first = startServerProcess(dataDir, { DEMO_DATA: 'off', JOBS: 'on' });
    const base = await first.listening();
    const health = await (await fetch(`${base}/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'pglite', providers_count: 0 });

    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');

    const started = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(first.output()).toContain('shutting down');
    controller.abort();

    // The embedded database is still there and migrated: the second start applies nothing new and serves.
    const second = startServerProcess(dataDir, { DEMO_DATA: 'off' });
    try {
      const base2 = await second.listening();
      expect((await fetch(`${base2}/health`)).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('refuses to start with invalid configuration, naming the variable', { timeout: 30_000 }, async () => {
    const bad = startServerProcess(dataDir, { PORT: 'eighty' });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/PORT/);
  });
});
