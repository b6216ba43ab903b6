import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

// One POST of a notification to the address the endpoint guard checked: the connection goes there whatever the
// name resolves to now (no DNS rebinding between the check and the request), while TLS still checks the
// certificate against the endpoint's host name. The whole exchange has a deadline, not only an idle socket.

/** Bytes of an answer read (the body is not kept: only the status matters). */
const ANSWER_READ_BYTES = 64 * 1024;

export type PostOutcome = { status: number } | { error: 'timeout' | string };

export function postNotification(
  url: URL,
  address: string,
  options: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<PostOutcome> {
  const lookup: LookupFunction = (_host, opts, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if ((opts as { all?: boolean }).all)
      (callback as never as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup,
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_READ_BYTES) res.destroy();
        });
        res.on('end', () => done({ status: res.statusCode ?? 0 }));
        res.on('close', () => done({ status: res.statusCode ?? 0 }));
        res.on('error', () => done({ status: res.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('timeout')), options.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => done({ error: err.message === 'timeout' ? 'timeout' : err.message }));
    req.end(options.body);
  });
}
