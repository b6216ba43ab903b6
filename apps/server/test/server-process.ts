import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { TEST_PASSWORD } from './constants.ts';

/** The real server as a child process (node --import tsx src/main.ts) on PGlite under `dataDir`. */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      JOBS: 'off',
      LOG_LEVEL: 'info',
      DEMO_PASSWORD: TEST_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => out,
    /** Resolves with the base URL once the server listens. */
    async listening(ms = 90_000): Promise<string> {
      const pattern = /listening at (http:\/\/127\.0\.0\.1:\d+)/;
      await waitUntil(() => pattern.test(out), ms);
      return pattern.exec(out)![1]!;
    },
  };
}

export async function waitUntil(predicate: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
