import os from 'node:os';
import {
  type Case,
  CONNECTIONS,
  DURATION_S,
  machine,
  measureAgainstCeiling,
  printTable,
  runBench,
  signIn,
  startHello,
  startServer,
  WARMUP_S,
} from './lib.ts';

/**
 * HTTP throughput of the server against the ceiling of this machine (a bare Fastify hello-world).
 *
 * The machine is shared and noisy, so the figures that mean something are the ratios to the ceiling measured
 * in the same run, not the absolute requests per second. See RESULTS.md.
 */
await runBench(async () => {
  const helloUrl = await startHello();
  const server = await startServer();
  const token = await signIn(server.base, 'coordinator@trust.demo', server.password);
  const me = await fetch(`${server.base}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /auth/me with the token failed: HTTP ${me.status}`);

  const cases: Case[] = [
    { name: 'hello-world (ceiling)', url: helloUrl },
    { name: 'GET /health', url: `${server.base}/health` },
    { name: 'GET /auth/me', url: `${server.base}/auth/me`, headers: { authorization: `Bearer ${token}` } },
  ];
  const rows = await measureAgainstCeiling(cases);

  console.log('');
  console.log(
    `Trust Marketplace HTTP bench: ${server.databaseKind}, ${os.cpus().length} cpus, node ${process.version}`,
  );
  printTable(rows);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'http',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      connections: CONNECTIONS,
      pipelining: 1,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      server_startup_s: server.startupS,
      providers_count: server.providersCount,
      cases: rows,
    }),
  );
});
