import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { type Demo, enroll, makeMember, makeProgram, signInDemo } from '../enrollments/test-support.ts';
import { runStepJob } from './engine.ts';
import { executionsOf, startWorkflow, workflowWithSteps } from './test-support.ts';

// Step-to-step latency (issue #17 "Done when", bench:workflows): steps that follow one another without waiting
// run in the process that finished the one before, right after its commit, not when a worker next fetches a job.
// Here no queue runs at all, so one call of the step job can only have run the later steps itself.

let t: TestApp;
let d: Demo;

beforeAll(async () => {
  t = await buildTestApp();
  d = await signInDemo(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const ping = (n: number) => ({
  step_type: 'notification' as const,
  step_name: `Ping ${n}`,
  step_config: { title: `Ping ${n}`, message: 'Hello' },
});

describe('steps that follow one another without waiting', () => {
  it('run one after the other in the job of the first, and stop at a step that waits', async () => {
    const program = await makeProgram(t, d.plan);
    const enrollment = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan, { firstName: 'Eager' })).id,
      program_id: program.id,
    });
    const template = await workflowWithSteps(t, d.manager, d.plan, [
      ping(1),
      ping(2),
      ping(3),
      { step_type: 'wait', step_name: 'A day', step_config: { mode: 'duration', duration: 1, unit: 'days' } },
      ping(5),
    ]);
    const started = await startWorkflow(t, d.manager, d.plan, template.id, enrollment.id);
    const [first] = await executionsOf(t, d.manager, d.plan, started.id);
    expect(first?.status).toBe('pending');

    await runStepJob(systemContext(t.app.deps, 'test'), { executionId: first!.id });

    const executions = await executionsOf(t, d.manager, d.plan, started.id);
    expect(executions.map((e) => [e.step_order, e.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'completed'],
      [4, 'waiting'],
    ]);
    // Run again (the queue's copy of a job the eager run did): nothing happens twice.
    await runStepJob(systemContext(t.app.deps, 'test'), { executionId: executions[1]!.id });
    const again = await executionsOf(t, d.manager, d.plan, started.id);
    expect(again).toHaveLength(4);
    expect(again.map((e) => e.attempts)).toEqual(executions.map((e) => e.attempts));
  }, 30_000);
});
