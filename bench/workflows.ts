import pg from 'pg';
import {
  machine,
  percentile,
  positiveInt,
  printColumns,
  round,
  runBench,
  signIn,
  startAnotherServer,
  startServer,
} from './lib.ts';

/**
 * Issue #17 "Done when": BENCH_INSTANCES (default 1,000) instances of a 5-step workflow without waits, started at
 * once on PostgreSQL, with two server processes sharing the work of the job queue.
 *
 *   DATABASE_URL=postgres://… npm run bench:workflows      # (the local server is used when DATABASE_URL is unset)
 *
 * The steps alternate notifications (an in-app notification to each manager of the organization, written in the
 * step's transaction) and JSON Logic conditions. The instances are started by BENCH_CONNECTIONS (default 20)
 * concurrent POST /api/workflows/instances. Figures:
 *   - the time from the first start to the last instance completed, and steps per second;
 *   - step-to-step latency: from one step's execution completing to the next one starting (the next job picked up
 *     from the queue and its rows locked), p50 / p95 / p99 over every step transition (aim: p95 ≤ 1 s);
 *   - the first step's pickup: from the instance's start to its first step starting.
 * Times are read from the rows the engine wrote (workflow_step_executions), not from the client.
 */

const INSTANCES = positiveInt('BENCH_INSTANCES', 1000);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20);
const STEPS = 5;

async function main() {
  process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  const first = await startServer();
  const { base: second } = await startAnotherServer(first);
  const db = new pg.Client({ connectionString: first.databaseUrl });
  await db.connect();
  try {
    const plan = (await db.query("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
      .rows[0].id;
    const program = (
      await db.query(
        "INSERT INTO programs (organization_id, name, program_type) VALUES ($1, 'Bench Program', 'care_management') RETURNING id",
        [plan],
      )
    ).rows[0].id;
    // The members and their enrollments, in one statement each.
    const enrollmentIds = (
      await db.query(
        `WITH m AS (
           INSERT INTO members (organization_id, first_name, last_name)
           SELECT $1, 'Bench', 'Member ' || g FROM generate_series(1, $3::int) g RETURNING id
         )
         INSERT INTO enrollments (organization_id, member_id, program_id, status, enrollment_date)
         SELECT $1, m.id, $2, 'active', current_date FROM m RETURNING id`,
        [plan, program, INSTANCES],
      )
    ).rows.map((r) => r.id as number);

    const token = await signIn(first.base, 'manager@trust.demo', first.password);
    const call = async (base: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-cbo-id': String(plan),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: number };
    };
    const template = await call(first.base, '/api/workflows/templates', {
      name: 'Bench flow',
      trigger_type: 'manual',
    });
    for (let order = 1; order <= STEPS; order++) {
      const step =
        order % 2 === 1
          ? {
              step_type: 'notification',
              step_name: `Notify ${order}`,
              step_config: {
                recipient: 'role',
                recipient_role: 'manager',
                title: `Step ${order}`,
                message: 'Bench',
              },
            }
          : {
              step_type: 'condition',
              step_name: `Check ${order}`,
              step_config: { expression: { '==': [{ var: 'enrollment.status' }, 'active'] } },
            };
      await call(first.base, '/api/workflows/steps', {
        workflow_template_id: template.id,
        step_order: order,
        ...step,
      });
    }

    console.error(`bench: starting ${INSTANCES} instances over ${CONNECTIONS} connections, two processes…`);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        // The starts go to both processes, as a load balancer would spread them.
        const base = c % 2 === 0 ? first.base : second;
        while (next < enrollmentIds.length) {
          const enrollment = enrollmentIds[next++]!;
          await call(base, '/api/workflows/instances', {
            workflow_template_id: template.id,
            enrollment_id: enrollment,
          });
        }
      }),
    );
    const startedAll = Date.now();
    for (;;) {
      const left = (
        await db.query(
          "SELECT count(*)::int AS n FROM workflow_instances WHERE template_id = $1 AND status <> 'completed'",
          [template.id],
        )
      ).rows[0].n as number;
      if (left === 0) break;
      if (Date.now() - started > 30 * 60_000)
        throw new Error(`${left} instances did not complete in 30 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const wall = (
      await db.query(
        `SELECT extract(epoch FROM max(completed_at) - min(started_at)) AS s FROM workflow_instances WHERE template_id = $1`,
        [template.id],
      )
    ).rows[0].s as number;

    const rows = (
      await db.query(
        `SELECT e.instance_id, e.step_order, extract(epoch FROM e.started_at) * 1000 AS started,
                extract(epoch FROM e.completed_at) * 1000 AS completed, extract(epoch FROM i.started_at) * 1000 AS instance_started
         FROM workflow_step_executions e JOIN workflow_instances i ON i.id = e.instance_id
         WHERE i.template_id = $1 ORDER BY e.instance_id, e.step_order`,
        [template.id],
      )
    ).rows as {
      instance_id: number;
      step_order: number;
      started: number;
      completed: number;
      instance_started: number;
    }[];
    const transitions: number[] = [];
    const pickups: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      if (r.step_order === 1) pickups.push(Number(r.started) - Number(r.instance_started));
      const prev = rows[i - 1];
      if (prev && prev.instance_id === r.instance_id)
        transitions.push(Number(r.started) - Number(prev.completed));
    }
    const stepRuns = (
      await db.query(
        `SELECT avg(extract(epoch FROM e.completed_at - e.started_at) * 1000) AS ms FROM workflow_step_executions e
       JOIN workflow_instances i ON i.id = e.instance_id WHERE i.template_id = $1`,
        [template.id],
      )
    ).rows[0].ms as number;

    console.log(
      `\n## bench:workflows — ${INSTANCES} instances × ${STEPS} steps, two server processes, PostgreSQL`,
    );
    console.log(machine());
    printColumns(
      ['figure', 'value'],
      [
        ['instances completed', String(rows.length / STEPS)],
        ['starting them (client, both processes)', `${round((startedAll - started) / 1000, 1)} s`],
        ['first start → last completion', `${round(Number(wall), 1)} s`],
        ['steps per second', String(round(rows.length / Number(wall), 1))],
        ['step run (in its transaction), mean', `${round(Number(stepRuns), 1)} ms`],
        ['step → next step p50', `${round(percentile(transitions, 50), 0)} ms`],
        ['step → next step p95 (aim ≤ 1000)', `${round(percentile(transitions, 95), 0)} ms`],
        ['step → next step p99', `${round(percentile(transitions, 99), 0)} ms`],
        [
          'start → first step p50 / p95',
          `${round(percentile(pickups, 50), 0)} / ${round(percentile(pickups, 95), 0)} ms`,
        ],
      ],
    );
  } finally {
    await db.end();
  }
}

await runBench(main);
