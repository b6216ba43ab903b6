import {
  AddressRefused,
  isPrivateAddress,
  type Lookup,
  resolveAllowed,
  systemLookup,
} from '../../../../adapters/web-form/address-guard.ts';

// A subscriber's endpoint must not make the server call into its own network (SSRF): https on a public address
// only, checked with the web-form address guard when the subscription is made and again before every delivery
// (a DNS answer can change). FHIR_SUBSCRIPTION_ALLOW_HOSTS names the exceptions (loopback in tests, an internal
// system of the deployment), which may use plain http too.

export type EndpointCheck =
  | { ok: true; url: URL; address: string }
  | { ok: false; why: 'scheme' | 'private' | 'unresolved' | 'invalid' };

function isAllowedHost(url: URL, port: number, allowHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return allowHosts.includes(host) || allowHosts.includes(`${host}:${port}`);
}

/** The endpoint and the one address to connect to, or why it is refused. */
export async function checkEndpoint(
  endpoint: string,
  allowHosts: readonly string[],
  lookup: Lookup = systemLookup,
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, why: 'invalid' };
  }
  if (url.username || url.password) return { ok: false, why: 'invalid' };
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const allowed = isAllowedHost(url, port, allowHosts);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:'))
    return { ok: false, why: 'scheme' };
  try {
    const address = await resolveAllowed(url.hostname, port, (a) => allowed || !isPrivateAddress(a), lookup);
    return { ok: true, url, address };
  } catch (err) {
    if (err instanceof AddressRefused && err.reason === 'private') return { ok: false, why: 'private' };
    return { ok: false, why: 'unresolved' };
  }
}
