import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A subscriber's endpoint for the tests: a real HTTP server on loopback that records every notification and
// answers each path with the status the test chose (200 unless told otherwise).

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

export type TestSubscriber = {
  base: string;
  received: Received[];
  /** What a path answers from now on. */
  answer: (path: string, status: number) => void;
  /** The notifications a path received, parsed. */
  bundlesAt: (path: string) => { raw: Received; bundle: NotificationBundle }[];
  close: () => Promise<void>;
};

export type NotificationBundle = {
  resourceType: string;
  type: string;
  entry: {
    fullUrl: string;
    resource: { resourceType: string; parameter?: Param[]; status?: string; id?: string };
  }[];
};
export type Param = { name: string; part?: Param[]; [value: string]: unknown };

export async function startTestSubscriber(): Promise<TestSubscriber> {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = req.url!.split('?')[0]!;
      received.push({ path, headers: req.headers, body });
      res.writeHead(answers.get(path) ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    bundlesAt: (path) =>
      received
        .filter((r) => r.path === path)
        .map((raw) => ({ raw, bundle: JSON.parse(raw.body) as NotificationBundle })),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** A parameter of the status Parameters (first entry), by name. */
export function statusParam(bundle: NotificationBundle, name: string): Param | undefined {
  return bundle.entry[0]?.resource.parameter?.find((p) => p.name === name);
}
