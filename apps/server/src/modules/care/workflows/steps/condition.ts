import { evaluateJsonLogic, type WorkflowStepConfig } from '@trust/domain';
import { stepOutputs } from '../instances-repo.ts';
import { conditionData, type StepResult, type StepRun } from './types.ts';

// `condition` steps (issue #17 item 2): a JSON Logic expression over the enrollment, member, program and the
// outputs of earlier steps (`steps.<order>.<key>`). True continues with the next step; false ends the instance or
// goes to the configured step.

export async function runCondition(run: StepRun): Promise<StepResult> {
  const config = run.config as WorkflowStepConfig<'condition'>;
  const data = conditionData(run, await stepOutputs(run.tx, run.instance.id));
  const result = evaluateJsonLogic(config.expression, data);
  if (result) return { kind: 'complete', output: { result } };
  return {
    kind: 'complete',
    output: { result },
    next: config.on_false === 'go_to' ? Number(config.false_step_order) : 'end',
  };
}
