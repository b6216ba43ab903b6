import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_PASSWORD } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';

// Issue #13 "assets pre-compressed at build and served with immutable cache headers": the server sends the
// `.br`/`.gz` the build wrote beside each file, as the browser accepts, caches hashed files for a year and
// revalidates index.html. A built web app of its own here: index.html and a hashed script, each with both
// compressed versions, and a script without them (not written by the build), compressed on the fly instead.

const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;
// The visitor's screens the build drew ahead (apps/web/prerender.ts).
const DRAWN = (screen: string) => INDEX.replace('<body>', `<body><div id="root">drawn ${screen}</div>`);

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let dist: string;

function writeWithVersions(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-static-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithVersions(path.join(dist, 'index.html'), INDEX);
  writeWithVersions(path.join(dist, 'assets', 'app-1a2b3c.js'), SCRIPT);
  fs.mkdirSync(path.join(dist, 'screens'));
  writeWithVersions(path.join(dist, 'screens', 'home.html'), DRAWN('home'));
  writeWithVersions(path.join(dist, 'screens', 'livefeed.html'), DRAWN('livefeed'));
  fs.writeFileSync(path.join(dist, 'assets', 'other-4d5e6f.js'), SCRIPT);
  ({ database, drop } = await createTestDatabase());
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_PASSWORD: TEST_PASSWORD, WEB_DIST_DIR: dist });
  app = await buildApp({ config, database, jobs: false, web: true });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends the brotli file to a browser that accepts it, the gzip one to a client that accepts only gzip', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // Still varies: a shared cache must not give this answer to a browser that accepts brotli.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses a file the build wrote no versions of on the fly', async () => {
    const other = await get('/assets/other-4d5e6f.js', 'gzip');
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(other.rawPayload).toString()).toBe(SCRIPT);
    expect(other.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches hashed files under /assets for a year, immutable, whichever version is sent', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/app-1a2b3c.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates the page on every load (never immutable), compressed too, for `/` and every screen', async () => {
    const pages = {
      '/': DRAWN('home'),
      '/livefeed': DRAWN('livefeed'),
      '/queue/12': INDEX,
      '/dashboard': INDEX,
    };
    for (const [url, page] of Object.entries(pages)) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const plain = await get('/queue');
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('sends the screens drawn ahead for their own path only: `/` and `/livefeed`, not `/livefeed/x` or a query', async () => {
    expect((await get('/livefeed')).body).toBe(DRAWN('livefeed'));
    expect((await get('/livefeed?from=mail')).body).toBe(DRAWN('livefeed'));
    expect((await get('/')).body).toBe(DRAWN('home'));
    expect((await get('/livefeed/x')).body).toBe(INDEX);
    expect((await get('/home')).body).toBe(INDEX);
  });

  it('answers 404 for a hashed file that is not there, not the app page (an old build asks for it)', async () => {
    const missing = await get('/assets/app-old999.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['cache-control']).toBe('no-store');
    // The compressed versions are not files of their own.
    expect((await get('/assets/app-1a2b3c.js.br')).statusCode).toBe(404);
  });

  it('keeps the API no-store beside it', async () => {
    const res = await get('/health', 'br');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
