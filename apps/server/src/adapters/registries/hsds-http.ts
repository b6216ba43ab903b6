import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefused, isPrivateAddress, resolveAllowed, systemLookup } from '../web-form/address-guard.ts';
import { RegistryUnavailableError } from './registry-provider.ts';

// An HSDS directory's address is typed by an operator, so reading it must not make the server browse its own
// network (the web-form and workflow api_call rule): every request — each redirect hop too — resolves the host
// itself, refuses private, loopback and reserved addresses unless the host is allowed by configuration
// (HSDS_IMPORT_ALLOW_HOSTS: tests, a directory on the LAN), and connects to the address it checked, so a DNS
// answer cannot change in between. Bodies are capped: a directory is read whole before anything is written.

export type HsdsHttpOptions = {
  /** Hosts (name or name:port) that may resolve to a private or loopback address. */
  allowHosts: readonly string[];
  signal: AbortSignal;
  timeoutMs: number;
  /** The largest body read (bytes); a larger one fails the import. */
  maxBytes: number;
  onBytes?: (n: number) => void;
};

/** The host was refused (private address) or unknown: the operator's URL is wrong, retrying will not help. */
export class HsdsAddressError extends Error {
  constructor(
    message: string,
    readonly host: string,
    readonly reason: 'private' | 'unresolved',
  ) {
    super(message);
    this.name = 'HsdsAddressError';
  }
}

const MAX_REDIRECTS = 3;

function allowed(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.includes(host) || allowHosts.includes(`${host}:${port}`);
}

/** Resolves the URL's host to an address it may reach, or throws HsdsAddressError. */
export async function checkHsdsAddress(url: URL, allowHosts: readonly string[]): Promise<string> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const any = allowed(url, allowHosts);
  try {
    return await resolveAllowed(url.hostname, port, (a) => any || !isPrivateAddress(a), systemLookup);
  } catch (error) {
    if (error instanceof AddressRefused)
      throw new HsdsAddressError(error.message, url.hostname, error.reason);
    throw error;
  }
}

/** GETs a URL (following up to 3 redirects, each checked) and answers its body as text. */
export async function getHsdsText(
  target: string,
  options: HsdsHttpOptions,
): Promise<{ text: string; url: string }> {
  let url = new URL(target);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new RegistryUnavailableError(`${url.href} is not an http(s) address.`);
    const address = await checkHsdsAddress(url, options.allowHosts);
    const answer = await getOnce(url, address, options);
    if ('location' in answer) {
      url = new URL(answer.location, url);
      continue;
    }
    return { text: answer.text, url: url.href };
  }
  throw new RegistryUnavailableError(`${target} redirected more than ${MAX_REDIRECTS} times.`);
}

function getOnce(
  url: URL,
  address: string,
  options: HsdsHttpOptions,
): Promise<{ text: string } | { location: string }> {
  const lookup: LookupFunction = (_host, opts, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if ((opts as { all?: boolean }).all)
      (callback as never as (e: null, a: object[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const shown = `${url.origin}${url.pathname}`;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        signal: options.signal,
        timeout: options.timeoutMs,
        headers: { accept: 'application/json, text/csv, */*' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ location: res.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new RegistryUnavailableError(`${shown} answered HTTP ${status}.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          options.onBytes?.(chunk.length);
          if (size > options.maxBytes) {
            req.destroy(
              new RegistryUnavailableError(
                `${shown} is larger than ${Math.round(options.maxBytes / 1_048_576)} MB: too large to import.`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(
        new RegistryUnavailableError(`${shown} did not answer within ${options.timeoutMs / 1000} s.`),
      ),
    );
    req.on('error', (error) => {
      if (error instanceof RegistryUnavailableError || options.signal.aborted) reject(error);
      else reject(new RegistryUnavailableError(`${shown} could not be reached: ${error.message}`));
    });
  });
}
