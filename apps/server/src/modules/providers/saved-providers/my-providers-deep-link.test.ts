import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../../test/constants.ts';
import { createTestDatabase } from '../../../../test/helpers.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';

// The My Providers tab lives at /directory (tab name 'directory'), beside the directory API under /directory/.
// A refresh or a deep link must get the web app there, while unknown API paths under /directory/ stay 404.
let dist: string;
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Trust Marketplace</title>');
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_PASSWORD: TEST_PASSWORD, WEB_DIST_DIR: dist });
  app = await buildApp({ config, database, web: true });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
    fs.rmSync(dist, { recursive: true, force: true });
  };
});
afterAll(async () => close?.());

describe('GET /directory (the My Providers screen)', () => {
  it('serves the web app at /directory and /provider-directory', async () => {
    for (const url of ['/directory', '/provider-directory']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Trust Marketplace</title>');
    }
  });

  it('keeps unknown paths under /directory/ and /api an error envelope', async () => {
    for (const url of ['/directory/nothing-here', '/api', '/health/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
