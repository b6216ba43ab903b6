import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WorkflowStepConfig } from '@trust/domain';
import {
  AddressRefused,
  isPrivateAddress,
  resolveAllowed,
  systemLookup,
} from '../../../../adapters/web-form/address-guard.ts';
import { fillPlaceholders } from './types.ts';

// `api_call` steps (issue #17 item 2): an HTTP request with a timeout, run outside the execution's transaction
// (engine.ts records the attempt first and the answer after). The host must resolve to public addresses only —
// the web-form address guard — unless WORKFLOW_API_ALLOW_HOSTS names it; the connection goes to the address that
// was checked, so a DNS answer cannot change in between. Each request carries `Idempotency-Key` (the execution):
// a retry after a crash mid-request is recognisable by a receiver that honours it.

/** Bytes of a response body kept with the execution. */
const RESPONSE_KEEP_BYTES = 10_000;

export type ApiCallOutcome =
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; error: string; retryable: boolean; output?: Record<string, unknown> };

export async function callApi(
  config: WorkflowStepConfig<'api_call'>,
  variables: Record<string, string>,
  options: { allowHosts: readonly string[]; idempotencyKey: string },
): Promise<ApiCallOutcome> {
  const url = new URL(fillPlaceholders(config.url, variables));
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const allowed =
    options.allowHosts.includes(url.hostname.toLowerCase()) ||
    options.allowHosts.includes(`${url.hostname.toLowerCase()}:${port}`);
  let address: string;
  try {
    address = await resolveAllowed(url.hostname, port, (a) => allowed || !isPrivateAddress(a), systemLookup);
  } catch (err) {
    if (err instanceof AddressRefused && err.reason === 'private') {
      return {
        ok: false,
        retryable: false,
        error: `Refused: ${url.hostname} is a private or local address (only public addresses may be called).`,
      };
    }
    return { ok: false, retryable: true, error: `Could not resolve ${url.hostname}.` };
  }
  const body = config.body ? fillPlaceholders(config.body, variables) : undefined;
  const started = Date.now();
  try {
    const res = await request(url, address, {
      method: config.method,
      headers: {
        ...config.headers,
        'idempotency-key': options.idempotencyKey,
        ...(body !== undefined && !hasHeader(config.headers, 'content-type')
          ? { 'content-type': 'application/json' }
          : {}),
      },
      body,
      timeoutMs: config.timeout_seconds * 1000,
    });
    const output = {
      status: res.status,
      content_type: res.contentType,
      body: res.body,
      duration_ms: Date.now() - started,
    };
    if (res.status >= 200 && res.status < 300) return { ok: true, output };
    return {
      ok: false,
      retryable: res.status >= 500 || res.status === 429 || res.status === 408,
      error: `The server answered HTTP ${res.status}.`,
      output,
    };
  } catch (err) {
    const timedOut = (err as Error).message === 'timeout';
    return {
      ok: false,
      retryable: true,
      error: timedOut
        ? `No answer within ${config.timeout_seconds} seconds.`
        : `The request failed: ${(err as Error).message}`,
    };
  }
}

function hasHeader(headers: Record<string, string>, name: string) {
  return Object.keys(headers).some((h) => h.toLowerCase() === name);
}

function request(
  url: URL,
  address: string,
  options: { method: string; headers: Record<string, string>; body?: string | undefined; timeoutMs: number },
): Promise<{ status: number; contentType: string | null; body: string }> {
  // The connection goes to the checked address whatever the name resolves to now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if ((opts as { all?: boolean }).all)
      (callback as never as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: options.method, headers: options.headers, lookup }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_KEEP_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? null,
          body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP_BYTES),
        }),
      );
      res.on('error', reject);
    });
    // The whole exchange, not only an idle socket: a server trickling bytes is cut off too.
    const timer = setTimeout(() => req.destroy(new Error('timeout')), options.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
