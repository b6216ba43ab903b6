import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loadDemoData } from './db/demo-data/load.ts';
import { migrate } from './db/migrate.ts';
import { storageOf } from './platform/storage.ts';

/** Process entry: config → database → migrations → demo data → app → listen; SIGTERM/SIGINT drain and stop. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.databasePoolMax }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await migrate(database);

  const app = await buildApp({ config, database, jobs: config.jobs });
  // A process killed mid-upload leaves its encrypted temporary file behind; nothing else would ever remove it.
  const swept = await storageOf(app.deps).sweepAbandonedUploads();
  if (swept > 0) app.log.info({ removed: swept }, 'removed temporary upload files left by a stopped server');
  if (config.demoData) {
    app.log.info('checking demo data');
    const result = await loadDemoData(database, {
      password: config.demoPassword,
      staleAfterDays: config.directoryStaleAfterDays,
    });
    if (result.loaded) app.log.info(result.counts, 'demo data loaded');
    if (config.demoPasswordDefaulted) {
      app.log.warn(
        `Demo accounts (admin@trust.demo, coordinator@trust.demo, cbo@trust.demo, viewer@trust.demo, …) use the default password "${config.demoPassword}". Set DEMO_PASSWORD to choose another.`,
      );
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests, stopping jobs, closing the database');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Trust Marketplace on http://localhost:${config.port} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error('Server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
