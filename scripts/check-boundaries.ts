// `npm run check` step: the module boundaries of DESIGN.md "How modules talk", held by dependency-cruiser
// (.dependency-cruiser.cjs: no other module's repo, platform never imports modules, no Fastify outside routes and
// manifests, web features independent, no file-level cycle) plus one rule it cannot express: no cycle between
// server modules (modules/<area>/<module>) — a cycle through several files of two modules is found here.
// Exits non-zero with every violation listed; there is no list of accepted exceptions.
import { createRequire } from 'node:module';
import { cruise, type IReporterOutput } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const result: IReporterOutput = await cruise(['apps/server/src', 'apps/web/src'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
});
if (typeof result.output === 'string') throw new Error('unexpected string output');
const { modules, summary } = result.output;

const problems: string[] = [];
for (const v of summary.violations) {
  const via = v.cycle?.length ? ` (cycle: ${v.cycle.map((c) => c.name).join(' → ')})` : '';
  problems.push(`${v.rule.name}: ${v.from} → ${v.to}${via}`);
}

// Module-level graph: an edge A → B when a file of module A imports a file of module B.
const MODULE = /^apps\/server\/src\/modules\/([^/]+\/[^/]+)\//;
const edges = new Map<string, Set<string>>();
for (const m of modules) {
  const from = MODULE.exec(m.source)?.[1];
  if (!from || m.source.endsWith('.test.ts')) continue;
  for (const d of m.dependencies) {
    const to = MODULE.exec(d.resolved)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
  }
}
// Tarjan's strongly connected components: each component of more than one module is a cycle.
let index = 0;
const stack: string[] = [];
const indexOf = new Map<string, number>();
const low = new Map<string, number>();
const onStack = new Set<string>();
const cycles: string[][] = [];
function connect(v: string) {
  indexOf.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!indexOf.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
  }
  if (low.get(v) === indexOf.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const v of edges.keys()) if (!indexOf.has(v)) connect(v);
for (const c of cycles) problems.push(`no-module-cycles: ${c.join(' ↔ ')}`);

if (problems.length) {
  console.error(`Module boundaries: ${problems.length} violation(s) (rules in .dependency-cruiser.cjs):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  `Module boundaries hold: ${modules.length} files, ${edges.size} server modules with dependencies.`,
);
