import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demoData: true,
      jobs: true,
      logLevel: 'info',
      documentMaxBytes: 20 * 1024 * 1024,
      directoryStaleAfterDays: 180,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.demoPassword).toBe(DEFAULT_DEMO_PASSWORD);
    expect(c.demoPasswordDefaulted).toBe(true);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DEMO_DATA: 'off',
      DEMO_PASSWORD: 'a-long-password',
      LOG_LEVEL: 'warn',
      JOBS: 'off',
      DOCUMENT_MAX_BYTES: '5000',
      DIRECTORY_STALE_AFTER_DAYS: '90',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h:5432/db',
      demoData: false,
      demoPassword: 'a-long-password',
      demoPasswordDefaulted: false,
      logLevel: 'warn',
      jobs: false,
      documentMaxBytes: 5000,
      directoryStaleAfterDays: 90,
    });
  });

  it('refuses invalid values with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
    expect(() => loadConfig({ DIRECTORY_STALE_AFTER_DAYS: '0' })).toThrow(/DIRECTORY_STALE_AFTER_DAYS/);
  });
});
