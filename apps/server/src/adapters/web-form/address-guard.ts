import dns from 'node:dns/promises';
import http from 'node:http';
import net, { BlockList, isIP } from 'node:net';

// A provider's website must not make the server browse its own network (001 §5 web form; issue #6). A URL is
// checked before the browser starts, and every connection the browser then makes — redirects, frames, scripts,
// websockets, the form's own POST — goes through a small forward proxy of ours that resolves the host itself,
// refuses loopback, private, link-local and reserved addresses, and connects to the address it checked (so a
// DNS answer cannot change between the check and the connection). Playwright's page.route() alone would not
// do: it does not see the hops of a redirect.

const reserved = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reserved.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  reserved.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for an address the browser must not reach: loopback, private (RFC 1918, unique-local), link-local (the
 * cloud metadata service at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved ranges,
 * and IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo). Anything that is not an IP is refused.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  // BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 ranges itself.
  return reserved.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

export type ResolvedAddress = { address: string; family: number };
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;
/** May the browser connect to this address and port? */
export type AddressPolicy = (address: string, port: number) => boolean;

export const systemLookup: Lookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });
export const publicAddressesOnly: AddressPolicy = (address) => !isPrivateAddress(address);

/** Why a host was refused. */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'private' | 'unresolved',
  ) {
    super(reason === 'private' ? `refused ${host}: private address` : `could not resolve ${host}`);
  }
}

/**
 * The addresses of a host, every one allowed by the policy (a name with one public and one private address is
 * refused: the browser could pick either). Returns the address to connect to.
 */
export async function resolveAllowed(
  host: string,
  port: number,
  policy: AddressPolicy,
  lookup: Lookup,
): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(bare)) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await lookup(bare);
    } catch {
      throw new AddressRefused(host, 'unresolved');
    }
  }
  if (addresses.length === 0) throw new AddressRefused(host, 'unresolved');
  if (addresses.some((a) => !policy(a.address, port))) throw new AddressRefused(host, 'private');
  return addresses[0]!.address;
}

export type GuardProxy = {
  /** For Playwright's launch option `proxy.server`. */
  server: string;
  /** Hosts the proxy refused, in order. */
  refused: string[];
  close: () => Promise<void>;
};

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
  'transfer-encoding',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** "example.org:443" or "[2001:db8::1]:443" → host and port. */
function splitAuthority(authority: string): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(authority);
  if (!m) return null;
  return { host: m[1]!, port: Number(m[2]) };
}

/**
 * Starts the guarding forward proxy on loopback for one browser: plain HTTP requests in absolute form and
 * CONNECT tunnels (HTTPS, secure websockets). Chromium then resolves nothing itself; Playwright's proxy option
 * also sends loopback through it (`<-loopback>`), so 127.0.0.1 is refused like any private address.
 */
export async function startGuardProxy(
  options: { policy?: AddressPolicy; lookup?: Lookup } = {},
): Promise<GuardProxy> {
  const policy = options.policy ?? publicAddressesOnly;
  const lookup = options.lookup ?? systemLookup;
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const server = http.createServer(async (req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const port = Number(target.port || 80);
    let address: string;
    try {
      address = await resolveAllowed(target.hostname, port, policy, lookup);
    } catch {
      refused.push(target.host);
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Refused by the web-form address guard.');
      return;
    }
    const upstream = http.request({
      host: address,
      port,
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...endToEnd(req.headers), host: target.host },
      setHost: false,
      agent: false,
    });
    upstream.on('socket', track);
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('connection', track);
  server.on('connect', async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const authority = splitAuthority(req.url ?? '');
    if (!authority) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    let address: string;
    try {
      address = await resolveAllowed(authority.host, authority.port, policy, lookup);
    } catch {
      refused.push(req.url ?? '');
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(authority.port, address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    refused,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
