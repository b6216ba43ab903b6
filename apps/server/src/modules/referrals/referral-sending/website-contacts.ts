import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// Contact discovery from a provider's website (001 §7 GET /api/provider-communication-methods/discover): the
// tel: and mailto: links of its home page. The fetch is bounded (time, size, redirects) so a slow or hostile
// site cannot hold a request, and offline it simply finds nothing. Provider records can be added by users
// (001 §2.4), so the URL is untrusted: only http(s) to public addresses is fetched (no SSRF into the network
// the server sits in).

export const DISCOVERY_TIMEOUT_MS = 4000;
const MAX_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;
const MAX_PER_KIND = 5;

export type WebsiteContacts = { phones: string[]; emails: string[]; error: string | null };

export type DiscoveryOptions = {
  timeoutMs?: number;
  /** Tests serve a page on loopback; production never fetches private addresses. */
  allowPrivateAddresses?: boolean;
};

function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
    return a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80');
  }
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    a >= 224
  );
}

async function assertFetchable(url: URL, options: DiscoveryOptions) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('Only http and https are fetched.');
  if (options.allowPrivateAddresses) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  if (addresses.some((a) => isPrivateAddress(a.address)))
    throw new Error('The website is not a public address.');
}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_BYTES));
}

/** (xxx) xxx-xxxx for a 10-digit US number (a leading 1 dropped), else null. */
export function formatUsPhone(raw: string): string | null {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The distinct tel: and mailto: targets of an HTML page, at most five of each. */
export function contactsInHtml(html: string): { phones: string[]; emails: string[] } {
  const phones = new Set<string>();
  const emails = new Set<string>();
  for (const m of html.matchAll(/href\s*=\s*["']\s*(tel|mailto):([^"']+)["']/gi)) {
    const kind = m[1]!.toLowerCase();
    let target = m[2]!;
    try {
      target = decodeURIComponent(target);
    } catch {
      // keep it as written
    }
    if (kind === 'tel') {
      const phone = formatUsPhone(target);
      if (phone && phones.size < MAX_PER_KIND) phones.add(phone);
    } else {
      const email = target.split('?')[0]!.trim().toLowerCase();
      if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && emails.size < MAX_PER_KIND) emails.add(email);
    }
  }
  return { phones: [...phones], emails: [...emails] };
}

/** Fetches the page (following at most three redirects, each checked) and reads its contact links. */
export async function discoverWebsiteContacts(
  website: string,
  options: DiscoveryOptions = {},
): Promise<WebsiteContacts> {
  const timeoutMs = options.timeoutMs ?? DISCOVERY_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // The abort signal bounds the fetch; the race also bounds the DNS lookup, which takes no signal.
  const deadline = new Promise<WebsiteContacts>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ phones: [], emails: [], error: 'The website did not answer in time.' });
    }, timeoutMs);
  });
  try {
    return await Promise.race([readWebsite(website, options, controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function readWebsite(
  website: string,
  options: DiscoveryOptions,
  signal: AbortSignal,
): Promise<WebsiteContacts> {
  try {
    let url = new URL(website);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      await assertFetchable(url, options);
      const response = await fetch(url, {
        signal,
        redirect: 'manual',
        headers: { accept: 'text/html', 'user-agent': 'TrustMarketplace-ContactDiscovery/1' },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined);
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { phones: [], emails: [], error: `The website answered ${response.status}.` };
      }
      return { ...contactsInHtml(await readCapped(response)), error: null };
    }
    return { phones: [], emails: [], error: 'The website redirected too many times.' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { phones: [], emails: [], error: `The website could not be read: ${message}` };
  }
}
