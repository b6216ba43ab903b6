import { WORKFLOW_MAX_STEPS_PER_INSTANCE, WORKFLOW_MESSAGES, type WorkflowStepConfig } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './instances-repo.ts';
import { announceInstance, moveInstance } from './lifecycle.ts';
import { callApi } from './steps/api-call.ts';
import { runCondition } from './steps/condition.ts';
import { runForm } from './steps/form.ts';
import { runNotification } from './steps/notification.ts';
import { runApproval, runTask } from './steps/task.ts';
import { messageVariables, type StepResult, type StepRun } from './steps/types.ts';
import { runWait } from './steps/wait.ts';
import { type StepRow, templatesByIds } from './templates-repo.ts';

// The workflow engine (issue #17 item 2), on the job queue. Each step of an instance is one execution row and
// one job naming it. The job locks the execution and its instance, runs the step and, in the SAME transaction,
// writes what the step did (a task, a notification, an outbox message, a form), completes the execution and
// queues the next step's job — so a crash anywhere before the commit leaves nothing done and the queue runs the
// job again, and after the commit the side effect and the next job both exist, exactly once.
//
// The one exception is `api_call`: an HTTP request cannot join a transaction. Its attempt is recorded first, the
// request made, then the answer stored; a crash during the request repeats it (with the same Idempotency-Key).
//
// A step that waits (a task, an approval, a form, a wait) leaves its execution 'waiting'; whatever it waits for
// (a decision, form.submitted, the delayed job of a wait) calls settleWaiting() in its own transaction.

export const STEP_JOB = 'workflows.step';
export type StepJobData = { executionId: number };

/** Attempts of a step that failed unexpectedly (a bug, a lost connection) before the instance fails. */
const UNEXPECTED_ATTEMPTS = 3;
/** Seconds before retry n (1-based): 2, 4, 8, 16, 32. */
const backoffSeconds = (attempt: number) => 2 ** Math.min(attempt, 5);

/**
 * Steps that follow one another without waiting (a condition after a task's outcome, a notification after an
 * approval) run in the process that finished the step before, right after its commit, instead of waiting for a
 * worker to fetch the next job (issue #17: step-to-step latency). The next step's job is still queued in the same
 * transaction, so a crash between the two loses nothing; whichever of the two comes second finds the execution
 * done and does nothing (the execution's row lock decides). At most this many steps run in a row per job, so one
 * instance cannot hold a worker for long.
 */
const EAGER_STEPS_PER_JOB = 10;
/** The executions a transaction entered (pending, to run now): run eagerly once it commits. */
const enteredIn = new WeakMap<object, number[]>();

/** Queues an execution's job in `tx`, now or at `startAfter`; the job's id is kept on the execution. */
async function queueExecution(
  ctx: ServiceContext,
  tx: DbOrTx,
  executionId: number,
  startAfter?: Date,
): Promise<void> {
  const jobs = ctx.deps.jobs;
  // A process without jobs (tests of the HTTP layer, JOBS off): the sweep of a process with jobs picks it up.
  if (!jobs) return;
  const jobId = await jobs.sendInTransaction(
    tx,
    STEP_JOB,
    { executionId } satisfies StepJobData,
    startAfter ? { startAfter } : {},
  );
  if (jobId) await repo.updateExecution(tx, executionId, { jobId });
}

/**
 * Moves a locked, running instance to the step at `order` (a new execution and its job), or completes it when
 * there is no such step. The loop guard fails an instance that has taken too many steps.
 */
export async function enterStep(
  ctx: ServiceContext,
  tx: DbOrTx,
  instance: repo.InstanceRow,
  step: StepRow | undefined,
): Promise<void> {
  if (!step) {
    await moveInstance(tx, ctx, { instance, to: 'completed', by: 'engine' });
    return;
  }
  if (instance.stepsTaken >= WORKFLOW_MAX_STEPS_PER_INSTANCE) {
    await moveInstance(tx, ctx, {
      instance,
      to: 'failed',
      by: 'engine',
      error: WORKFLOW_MESSAGES.tooManySteps(instance.stepsTaken),
    });
    return;
  }
  const visit = (await repo.visitsOf(tx, instance.id, step.stepOrder)) + 1;
  const execution = await repo.insertExecution(tx, {
    instanceId: instance.id,
    stepId: step.id,
    stepOrder: step.stepOrder,
    stepName: step.stepName,
    stepType: step.stepType,
    visit,
    status: 'pending',
  });
  const moved = { ...instance, currentStepOrder: step.stepOrder, stepsTaken: instance.stepsTaken + 1 };
  await repo.updateInstance(tx, instance.id, {
    currentStepOrder: moved.currentStepOrder,
    stepsTaken: moved.stepsTaken,
  });
  await queueExecution(ctx, tx, execution.id);
  enteredIn.set(tx, [...(enteredIn.get(tx) ?? []), execution.id]);
  await announceInstance(tx, ctx, moved);
}

/** Completes an execution and goes to the next step (the one after it, a given one, or the end). */
async function completeAndAdvance(
  ctx: ServiceContext,
  tx: DbOrTx,
  instance: repo.InstanceRow,
  execution: repo.ExecutionRow,
  output: Record<string, unknown>,
  next?: number | 'end',
) {
  await repo.updateExecution(tx, execution.id, {
    status: 'completed',
    output,
    error: null,
    resumeAt: null,
    completedAt: new Date(),
  });
  const step =
    next === 'end'
      ? undefined
      : next === undefined
        ? await repo.stepAt(tx, instance.templateId, instance.templateVersion, execution.stepOrder, true)
        : await repo.stepAt(tx, instance.templateId, instance.templateVersion, next);
  await enterStep(ctx, tx, instance, step);
}

/** Fails an execution and its instance with the reason (no more retries). */
async function failExecution(
  ctx: ServiceContext,
  tx: DbOrTx,
  instance: repo.InstanceRow,
  execution: repo.ExecutionRow,
  error: string,
  output?: Record<string, unknown>,
) {
  await repo.updateExecution(tx, execution.id, {
    status: 'failed',
    error,
    ...(output ? { output } : {}),
    completedAt: new Date(),
  });
  await moveInstance(tx, ctx, {
    instance,
    to: 'failed',
    by: 'engine',
    error: `${execution.stepName}: ${error}`,
  });
}

/** Applies what a step runner decided, in the execution's transaction. */
async function applyResult(
  ctx: ServiceContext,
  tx: DbOrTx,
  instance: repo.InstanceRow,
  execution: repo.ExecutionRow,
  result: StepResult,
) {
  if (result.kind === 'complete') {
    await completeAndAdvance(ctx, tx, instance, execution, result.output, result.next);
  } else if (result.kind === 'fail') {
    await failExecution(ctx, tx, instance, execution, result.error, result.output);
  } else {
    await repo.updateExecution(tx, execution.id, {
      status: 'waiting',
      output: result.output,
      resumeAt: result.resumeAt ?? null,
    });
    if (result.resumeAt) await queueExecution(ctx, tx, execution.id, result.resumeAt);
    // The step now waits on someone (its task, approval or form exists): screens listing those read again.
    else await announceInstance(tx, ctx, instance);
  }
}

/**
 * A waiting execution whose instance runs: goes on if what it waits for has happened (the task is closed, the form
 * submitted, the time reached). Returns whether it went on. Called by the step job and by the events it waits for.
 */
export async function settleWaiting(
  ctx: ServiceContext,
  tx: DbOrTx,
  instance: repo.InstanceRow,
  execution: repo.ExecutionRow,
): Promise<boolean> {
  if (instance.status !== 'running' || execution.status !== 'waiting') return false;
  const output = (execution.output ?? {}) as Record<string, unknown>;
  if (execution.stepType === 'wait') {
    if (execution.resumeAt && execution.resumeAt.getTime() > Date.now()) return false;
    await completeAndAdvance(ctx, tx, instance, execution, output);
    return true;
  }
  if (execution.stepType === 'api_call') {
    // Its request answered while the instance was paused.
    if (!output.done) return false;
    await completeAndAdvance(ctx, tx, instance, execution, output);
    return true;
  }
  if (execution.stepType === 'form') {
    if (!output.submitted_at) return false;
    await completeAndAdvance(ctx, tx, instance, execution, output);
    return true;
  }
  if (execution.stepType === 'task' || execution.stepType === 'approval') {
    const task = await repo.taskOfExecution(tx, execution.id);
    if (!task || task.status === 'open' || task.status === 'cancelled') return false;
    const decided = {
      ...output,
      decision: task.status,
      outcome: task.outcome,
      comment: task.comment,
      completed_by: task.completedBy,
    };
    if (task.status !== 'rejected') {
      await completeAndAdvance(ctx, tx, instance, execution, decided);
      return true;
    }
    const step = await repo.findStepOfExecution(tx, execution.stepId);
    const config = (step?.stepConfig ?? {}) as WorkflowStepConfig<'approval'>;
    if (config.on_reject === 'go_to' && config.reject_step_order) {
      await completeAndAdvance(ctx, tx, instance, execution, decided, Number(config.reject_step_order));
    } else {
      await failExecution(ctx, tx, instance, execution, WORKFLOW_MESSAGES.rejected(task.comment), decided);
    }
    return true;
  }
  return false;
}

const RUNNERS: Partial<Record<string, (run: StepRun) => Promise<StepResult>>> = {
  task: runTask,
  approval: runApproval,
  notification: runNotification,
  condition: runCondition,
  wait: runWait,
  form: runForm,
};

/** What the first transaction of a job found: nothing to do, done, or an api_call to make outside it. */
type FirstPass = { kind: 'done' } | { kind: 'api_call'; run: Omit<StepRun, 'tx' | 'ctx'> };

/**
 * The step job (STEP_JOB): runs one execution. Safe to run twice, in two processes at once, or after a crash: the
 * execution's row lock and status decide who does what.
 */
export async function runStepJob(ctx: ServiceContext, data: StepJobData): Promise<void> {
  let next = [data.executionId];
  for (let run = 0; run < EAGER_STEPS_PER_JOB && next.length > 0; run++) {
    const executionId = next[0] as number;
    next = await runExecution(ctx, executionId);
  }
}

/** Runs one execution; answers the executions it entered (committed, pending: the next to run). */
async function runExecution(ctx: ServiceContext, executionId: number): Promise<number[]> {
  try {
    let entered: number[] = [];
    const first = await ctx.db.transaction(async (tx) => {
      const pass = await firstPass(ctx, tx, executionId);
      entered = enteredIn.get(tx) ?? [];
      return pass;
    });
    if (first.kind === 'api_call') entered = await finishApiCall(ctx, first.run);
    return entered;
  } catch (err) {
    await recordUnexpected(ctx, executionId, err);
    return [];
  }
}

async function firstPass(ctx: ServiceContext, tx: DbOrTx, executionId: number): Promise<FirstPass> {
  const locked = await repo.lockExecutionAndInstance(tx, executionId);
  if (!locked) return { kind: 'done' };
  const { execution, instance } = locked;
  if (!['pending', 'running', 'waiting'].includes(execution.status)) return { kind: 'done' };
  // Paused: resuming queues the execution again. Cancelled or ended: nothing more happens.
  if (instance.status !== 'running') return { kind: 'done' };
  if (execution.status === 'waiting') {
    await settleWaiting(ctx, tx, instance, execution);
    return { kind: 'done' };
  }
  // A retry's delayed job that came early (a resume re-queued it): wait for its time.
  if (execution.resumeAt && execution.resumeAt.getTime() > Date.now() + 1000) return { kind: 'done' };
  const step = await repo.findStepOfExecution(tx, execution.stepId);
  const facts = await repo.enrollmentFacts(tx, instance.enrollmentId);
  if (!step || !facts) {
    await failExecution(ctx, tx, instance, execution, 'The step or the enrollment no longer exists.');
    return { kind: 'done' };
  }
  const started = {
    ...execution,
    status: 'running',
    attempts: execution.attempts + 1,
    startedAt: execution.startedAt ?? new Date(),
  };
  await repo.updateExecution(tx, execution.id, {
    status: 'running',
    attempts: started.attempts,
    startedAt: started.startedAt,
    resumeAt: null,
    input: (step.stepConfig ?? {}) as Record<string, unknown>,
  });
  const workflowName = await templateName(tx, instance.templateId);
  const run = {
    instance,
    execution: started,
    step,
    config: (step.stepConfig ?? {}) as Record<string, unknown>,
    facts,
    workflowName,
  };
  if (step.stepType === 'api_call') return { kind: 'api_call', run };
  const runner = RUNNERS[step.stepType];
  if (!runner) {
    await failExecution(ctx, tx, instance, started, `Unknown step type ${step.stepType}.`);
    return { kind: 'done' };
  }
  await applyResult(ctx, tx, instance, started, await runner({ ...run, ctx, tx }));
  return { kind: 'done' };
}

async function templateName(tx: DbOrTx, templateId: number): Promise<string> {
  const [row] = await templatesByIds(tx, [templateId]);
  return row?.name ?? 'Workflow';
}

/** The api_call's request, outside any transaction, then its answer recorded (if the instance still runs). */
async function finishApiCall(ctx: ServiceContext, run: Omit<StepRun, 'tx' | 'ctx'>): Promise<number[]> {
  const config = run.config as WorkflowStepConfig<'api_call'>;
  const outcome = await callApi(config, messageVariables({ ...run }), {
    allowHosts: ctx.deps.config.workflowApiAllowHosts,
    idempotencyKey: `workflow-execution-${run.execution.id}`,
  });
  let entered: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockExecutionAndInstance(tx, run.execution.id);
    if (locked?.execution.status !== 'running') return;
    const { execution, instance } = locked;
    if (instance.status !== 'running') {
      // Paused or cancelled during the request: keep the answer; a resume runs the step again only if it failed.
      await repo.updateExecution(tx, execution.id, {
        status: outcome.ok ? 'waiting' : 'pending',
        output: outcome.ok ? { ...outcome.output, done: true } : (outcome.output ?? null),
        error: outcome.ok ? null : outcome.error,
        resumeAt: null,
      });
      return;
    }
    if (outcome.ok) {
      await completeAndAdvance(ctx, tx, instance, execution, outcome.output);
      entered = enteredIn.get(tx) ?? [];
      return;
    }
    const allowed = config.retries + 1;
    if (outcome.retryable && execution.attempts < allowed) {
      const at = new Date(Date.now() + backoffSeconds(execution.attempts) * 1000);
      await repo.updateExecution(tx, execution.id, {
        status: 'pending',
        error: outcome.error,
        output: outcome.output ?? null,
        resumeAt: at,
      });
      await queueExecution(ctx, tx, execution.id, at);
      return;
    }
    await failExecution(ctx, tx, instance, execution, outcome.error, outcome.output);
  });
  return entered;
}

/**
 * A step that threw (not a refusal a runner returned): its transaction rolled back, so nothing of it happened. The
 * attempt is counted and the step tried again later, up to UNEXPECTED_ATTEMPTS; then the instance fails with the
 * error — never left running.
 */
async function recordUnexpected(ctx: ServiceContext, executionId: number, err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  ctx.log.warn({ err, executionId }, 'workflow step failed unexpectedly');
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockExecutionAndInstance(tx, executionId);
    if (!locked) return;
    const { execution, instance } = locked;
    if (!['pending', 'running'].includes(execution.status) || instance.status !== 'running') return;
    const attempts = execution.attempts + 1;
    if (attempts >= UNEXPECTED_ATTEMPTS) {
      await failExecution(
        ctx,
        tx,
        instance,
        { ...execution, attempts },
        `Failed ${attempts} times: ${message}`,
      );
      await repo.updateExecution(tx, execution.id, { attempts });
      return;
    }
    const at = new Date(Date.now() + backoffSeconds(attempts) * 1000);
    await repo.updateExecution(tx, execution.id, {
      status: 'pending',
      attempts,
      error: message,
      resumeAt: at,
    });
    await queueExecution(ctx, tx, execution.id, at);
  });
}

/** Resuming an instance: its open execution runs (or settles) again. */
export async function requeueOpenExecution(ctx: ServiceContext, tx: DbOrTx, instanceId: number) {
  const execution = await repo.lockOpenExecution(tx, instanceId);
  // A running one is in some process's hands (or that process died: the queue runs its job again).
  if (!execution || execution.status === 'running') return;
  // A wait (or a retry's backoff) still in the future goes on at its time, not now.
  await queueExecution(ctx, tx, execution.id, execution.resumeAt ?? undefined);
}

/** Executions whose job went missing (queued by a process without jobs, or lost): queued again by the tick. */
export async function requeueStale(ctx: ServiceContext, tx: DbOrTx, executionIds: number[]) {
  for (const id of executionIds) await queueExecution(ctx, tx, id);
}
