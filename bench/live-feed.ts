import http from 'node:http';
import os from 'node:os';
import { newReferralBody } from '../apps/server/src/db/demo-data/factories.ts';
import { machine, percentile, positiveInt, round, runBench, signIn, startServer } from './lib.ts';

/**
 * Live feed fan-out (issue #4 "Performance"): BENCH_STREAMS (default 1,000) Server-Sent Event streams open on
 * one server process, half signed in and half signed out; then BENCH_FEED_REFERRALS (default 20) referrals are
 * created one after another, and for every referral and every stream the time from the start of the create
 * request to the arrival of its `feed.upsert` event is recorded. Signed-out streams must receive the masked card.
 */

type Stream = {
  signedIn: boolean;
  arrivals: Map<number, { at: number; masked: boolean }>;
  req: http.ClientRequest;
};

function openStream(base: string, token: string | null): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, { at: number; masked: boolean }>();
    const req = http.get(
      `${base}/api/events`,
      { headers: token ? { authorization: `Bearer ${token}` } : {}, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`event stream answered HTTP ${res.statusCode}`));
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (!block.includes('event: feed.upsert')) continue;
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (!data) continue;
            const event = JSON.parse(data.slice(6)) as { data: { id: number; masked: boolean } };
            if (!arrivals.has(event.data.id)) arrivals.set(event.data.id, { at, masked: event.data.masked });
          }
        });
        resolve({ signedIn: token !== null, arrivals, req });
      },
    );
    req.on('error', reject);
  });
}

await runBench(async () => {
  const streamCount = positiveInt('BENCH_STREAMS', 1_000);
  const referralCount = positiveInt('BENCH_FEED_REFERRALS', 20);
  const server = await startServer();
  const coordinator = await signIn(server.base, 'coordinator@trust.demo', server.password);
  const cbo = await signIn(server.base, 'cbo@trust.demo', server.password);

  console.error(`bench: opening ${streamCount} event streams…`);
  const streams: Stream[] = [];
  for (let i = 0; i < streamCount; i += 50) {
    const batch = Array.from({ length: Math.min(50, streamCount - i) }, (_, j) =>
      openStream(server.base, (i + j) % 2 === 0 ? cbo : null),
    );
    streams.push(...(await Promise.all(batch)));
  }
  await new Promise((r) => setTimeout(r, 1000));

  console.error(`bench: creating ${referralCount} referrals, 250 ms apart…`);
  const createdAt = new Map<number, number>();
  for (let i = 0; i < referralCount; i++) {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/referrals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${coordinator}`, 'content-type': 'application/json' },
      // For manual selection: with the matching engine a referral near providers is auto-matched when created
      // (issue #14 item 8) and never goes on the feed, which shows Pending referrals (000 §4.3).
      body: JSON.stringify(newReferralBody({ use_matching_engine: false })),
    });
    if (res.status !== 201) throw new Error(`create answered HTTP ${res.status}: ${await res.text()}`);
    createdAt.set(((await res.json()) as { id: number }).id, started);
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 3000));

  const latencies: number[] = [];
  let missing = 0;
  let wrongMasking = 0;
  for (const stream of streams) {
    for (const [id, started] of createdAt) {
      const arrival = stream.arrivals.get(id);
      if (!arrival) {
        missing++;
        continue;
      }
      if (arrival.masked === stream.signedIn) wrongMasking++;
      latencies.push(arrival.at - started);
    }
  }
  for (const stream of streams) stream.req.destroy();

  const figures = {
    streams: streamCount,
    referrals: referralCount,
    deliveries: latencies.length,
    missing,
    wrong_masking: wrongMasking,
    p50_ms: round(percentile(latencies, 50), 1),
    p99_ms: round(percentile(latencies, 99), 1),
    max_ms: round(Math.max(...latencies), 1),
  };
  console.log('');
  console.log(
    `Trust Marketplace live feed bench: ${server.databaseKind}, ${os.cpus().length} cpus, node ${process.version}`,
  );
  console.log(
    `${figures.streams} streams × ${figures.referrals} referrals: ${figures.deliveries} deliveries, ${figures.missing} missing, ${figures.wrong_masking} with the wrong masking`,
  );
  console.log(
    `creation → delivery on every stream: p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms`,
  );
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'live-feed',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      ...figures,
    }),
  );
  if (missing > 0 || wrongMasking > 0) throw new Error('some streams missed an event or got the wrong card');
});
