#!/usr/bin/env node
// `npm run dev`: the server (restarted on change by node --watch) and the Vite dev server together, their
// output prefixed. Vite proxies /api, /auth and /health to the server, so the browser sees one origin.
// Ctrl-C stops both; if either exits on its own, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverPort = process.env.PORT || '3000';
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

const processes = [
  {
    name: 'server',
    color: 36,
    command: process.execPath,
    args: ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'],
    env: { ...process.env, PORT: serverPort },
    // node --watch forwards SIGTERM to the server it runs (and, in a process group of its own, exits early).
    group: false,
  },
  {
    name: 'web',
    color: 35,
    command: 'npm',
    args: ['run', 'dev', '-w', 'apps/web'],
    // The Vite config reads BACKEND_URL for its proxy target (default http://localhost:3000).
    env: { ...process.env, BACKEND_URL: process.env.BACKEND_URL || `http://localhost:${serverPort}` },
    // Its own process group, so stopping it also stops the Vite process npm started, and nothing else.
    group: true,
  },
];

const width = Math.max(...processes.map((p) => p.name.length));
let stopping = false;
let exitCode = 0;

function prefixed(p, stream, target) {
  const prefix = paint(p.color, `[${p.name.padEnd(width)}]`);
  let partial = '';
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) target.write(`${prefix} ${line}\n`);
  });
  stream.on('end', () => {
    if (partial) target.write(`${prefix} ${partial}\n`);
  });
}

for (const p of processes) {
  // Each child leads its own process group, so stopping it also stops what it started (npm → vite,
  // node --watch → the server) and nothing else.
  const child = spawn(p.command, p.args, {
    cwd: ROOT,
    env: p.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  p.child = child;
  prefixed(p, child.stdout, process.stdout);
  prefixed(p, child.stderr, process.stderr);
  child.on('error', (err) => {
    console.error(`${paint(p.color, `[${p.name}]`)} could not start: ${err.message}`);
  });
  child.on('exit', (code, signal) => {
    p.exited = true;
    if (!stopping) {
      console.error(
        `${paint(p.color, `[${p.name}]`)} exited (${signal ?? `code ${code}`}); stopping the others`,
      );
      exitCode = code || 1;
      stop();
    } else if (processes.every((q) => q.exited)) {
      process.exit(exitCode);
    }
  });
}

function signalGroup(p, signal) {
  if (p.exited || !p.child?.pid) return;
  try {
    if (p.group) process.kill(-p.child.pid, signal);
    else p.child.kill(signal);
  } catch {
    // Already gone.
  }
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const p of processes) signalGroup(p, 'SIGTERM');
  if (processes.every((p) => p.exited)) process.exit(exitCode);
  // The server drains for up to 15 s; past that, force.
  setTimeout(() => {
    for (const p of processes) signalGroup(p, 'SIGKILL');
    process.exit(exitCode || 1);
  }, 20_000).unref();
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  `dev: server on http://localhost:${serverPort} (restarts on change), web app through Vite (see its URL below). Ctrl-C stops both.`,
);
