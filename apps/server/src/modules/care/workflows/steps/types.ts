import type { DbOrTx } from '../../../../db/client.ts';
import type { ServiceContext } from '../../../../platform/context.ts';
import type { EnrollmentFacts, ExecutionRow, InstanceRow } from '../instances-repo.ts';
import type { StepRow } from '../templates-repo.ts';

/** What a step runner gets: the transaction of its execution, the instance, the step and the enrollment's facts. */
export type StepRun = {
  ctx: ServiceContext;
  tx: DbOrTx;
  instance: InstanceRow;
  execution: ExecutionRow;
  step: StepRow;
  config: Record<string, unknown>;
  facts: EnrollmentFacts;
  workflowName: string;
};

/**
 * What a step did: it is done (going to the next step, a given one, or the end), it waits for something (a person,
 * a form, a time), or it failed for a reason a retry would not change.
 */
export type StepResult =
  | { kind: 'complete'; output: Record<string, unknown>; next?: number | 'end' }
  | { kind: 'wait'; output: Record<string, unknown>; resumeAt?: Date }
  | { kind: 'fail'; error: string; output?: Record<string, unknown> };

/** The {{placeholders}} a notification's text may use (names and ids only: the minimum a message needs). */
export function messageVariables(run: Pick<StepRun, 'facts' | 'workflowName' | 'step' | 'instance'>) {
  return {
    member_first_name: run.facts.memberFirstName,
    program_name: run.facts.programName,
    workflow_name: run.workflowName,
    step_name: run.step.stepName,
    enrollment_id: String(run.facts.id),
    instance_id: String(run.instance.id),
    enrollment_status: run.facts.status,
  };
}

/** Fills {{name}} placeholders; an unknown name is left as it is (the author sees it in the result). */
export function fillPlaceholders(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** The data a condition reads (JSON Logic `var` paths): facts of the enrollment, member and program, step outputs. */
export function conditionData(run: StepRun, outputs: Record<string, unknown>) {
  const f = run.facts;
  return {
    enrollment: {
      id: f.id,
      status: f.status,
      priority_level: f.priorityLevel,
      enrollment_date: f.enrollmentDate,
      start_date: f.startDate,
      end_date: f.endDate,
      eligibility_verified: f.eligibilityVerified,
      consent_obtained: f.consentObtained,
    },
    member: {
      language: f.memberLanguage,
      gender: f.memberGender,
      has_email: !!f.memberEmail,
      has_phone: !!f.memberPhone,
    },
    program: { id: f.programId, name: f.programName, program_type: f.programType },
    steps: outputs,
  };
}
