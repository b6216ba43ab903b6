// Child processes for the e2e runner and the benchmarks (both run through tsx): free ports, start, wait, stop.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** A port the kernel says is free right now (there is a small race until the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type Child = {
  name: string;
  process: ChildProcess;
  /** The last lines the child wrote, shown when it fails to start or dies. */
  tail: () => string;
  exited: Promise<number | null>;
};

export function startChild(
  name: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; echo?: boolean },
): Child {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.echo) process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `));
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, process: child, tail: () => lines.slice(-40).join('\n'), exited };
}

/** SIGTERM (the server drains and closes its database), then SIGKILL if it has not exited in time. */
export async function stopChild(child: Child, graceMs = 10_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 200, the child exits, or the deadline passes. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with code ${child.process.exitCode}:\n${child.tail()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms (${last}):\n${child.tail()}`);
}
