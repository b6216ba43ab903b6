#!/usr/bin/env node
// `npm test`: every tier, in order, with their output streamed:
//   1. Vitest, all projects (domain rules, server API through app.inject, web components in jsdom)
//   2. the web app's production build (the browser journeys run against it)
//   3. the browser journeys (e2e/run.ts: Debian's Chromium against the built app on a real server)
// A failing tier does not hide the others: all run (the journeys only when the build succeeded), a summary
// follows, and the exit code is non-zero if any tier failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E_CLOSING_LINE = /^\d+ passed, \d+ failed(, \d+ skipped)?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI colour codes
const ANSI = /\u001b\[[0-9;]*m/g;

let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    // The child has its own handlers (the e2e runner stops its server and browser); give it the signal.
    current?.kill(signal);
  });
}

/** Runs a command with its output streamed through, and returns its exit code and output lines. */
function run(command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    current = child;
    const lines = [];
    let partial = '';
    const collect = (chunk) => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) lines.push(line.replace(ANSI, '').trimEnd());
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      collect(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('error', (err) => {
      console.error(`could not start ${command}: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      current = null;
      if (partial) lines.push(partial.replace(ANSI, '').trimEnd());
      resolve({ code: code ?? (signal ? 1 : 0), lines, seconds: (Date.now() - started) / 1000 });
    });
  });
}

function banner(title) {
  console.log(`\n━━━ ${title} ━━━\n`);
}

const results = [];

banner('1/3 unit and API tests (vitest run: domain, server, web)');
const vitest = await run('npx', ['vitest', 'run']);
const vitestSummary = vitest.lines
  .filter((line) => /^\s*(Test Files|Tests)\s/.test(line))
  .map((line) => line.trim().replace(/\s+/g, ' '));
results.push({ tier: 'unit + API (vitest)', ...vitest, detail: vitestSummary.join('; ') });

let build = null;
if (!interrupted) {
  banner('2/3 web build (npm run build -w apps/web)');
  build = await run('npm', ['run', 'build', '-w', 'apps/web']);
  results.push({ tier: 'web build', ...build, detail: '' });
}

let closingLine = null;
if (!interrupted && build?.code === 0) {
  banner('3/3 browser journeys (npm run test -w e2e)');
  const e2e = await run('npm', ['run', 'test', '-w', 'e2e']);
  closingLine = e2e.lines.findLast((line) => E2E_CLOSING_LINE.test(line.trim()))?.trim() ?? null;
  results.push({ tier: 'browser journeys (e2e)', ...e2e, detail: closingLine ?? '' });
} else if (!interrupted) {
  results.push({
    tier: 'browser journeys (e2e)',
    code: null,
    seconds: 0,
    detail: 'not run: the build failed',
  });
}

banner('summary');
const width = Math.max(...results.map((r) => r.tier.length));
for (const r of results) {
  const status = r.code === null ? 'SKIPPED' : r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`;
  const time = r.code === null ? '' : ` in ${r.seconds.toFixed(1)} s`;
  console.log(`${r.tier.padEnd(width)}  ${status}${time}${r.detail ? ` — ${r.detail}` : ''}`);
}
if (interrupted) console.log('interrupted');
if (closingLine) console.log(`\n${closingLine}`);

const failed = interrupted || results.some((r) => r.code !== 0);
process.exit(failed ? 1 : 0);
