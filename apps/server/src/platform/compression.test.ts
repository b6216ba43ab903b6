import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, type TestApp } from '../../test/helpers.ts';
import { isCompressible } from './compression.ts';

// Issue #13 "JSON answers compressed": brotli or gzip as the client asks, from 1 KB; never the event stream, never
// what is compressed already; the caching rules of the API (no-store) unchanged.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, 'coordinator@trust.demo');
});

afterAll(async () => t?.close());

describe('JSON answers', () => {
  it('a large JSON answer is brotli when the client accepts it (its preferred), gzip when only that', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a signed-in PHI list is compressed and still never stored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/referrals?page=1&page_size=25',
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty('total');
  });

  it('an answer under 1 KB, or a client that accepts no encoding, gets the plain answer', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const identity = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toHaveProperty('openapi');
  });

  it('an error envelope is compressed like any JSON when large enough, and keeps its status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/referrals',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(401);
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString())).toHaveProperty('code', 'unauthorized');
  });
});

describe('the event stream', () => {
  it('is never compressed, whatever the client accepts: each event must arrive at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, first } = await new Promise<{ headers: http.IncomingHttpHeaders; first: string }>(
      (resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/events',
            headers: { 'accept-encoding': 'gzip, deflate, br' },
          },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, first: chunk.toString() });
              req.destroy();
            });
          },
        );
        req.on('error', (err) => {
          if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
        });
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    // The first bytes are readable text: the stream's greeting, not a compressor's header.
    expect(first).toContain(': connected');
  });
});

describe('what is compressed on the fly', () => {
  it('JSON, problem+json, plain text, CSV and XML; not the event stream, nor octet-stream (mime-db decides)', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/plain; charset=utf-8',
      'text/csv',
      'application/xml',
    ]) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of ['text/event-stream; charset=utf-8', 'application/octet-stream', 'application/pdf']) {
      expect(isCompressible(type), type).toBe(false);
    }
  });
});
