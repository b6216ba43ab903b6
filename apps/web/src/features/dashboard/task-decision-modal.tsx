import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WorkflowTask } from '@trust/domain';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useDecideWorkflowTask } from '../../api/workflows/workflow-tasks.ts';

export type Decision = 'done' | 'approved' | 'rejected';

const VERB: Record<Decision, string> = { done: 'Mark done', approved: 'Approve', rejected: 'Reject' };
const DONE: Record<Decision, string> = { done: 'marked done', approved: 'approved', rejected: 'rejected' };

/**
 * A decision on a workflow task (PUT /api/workflows/tasks/{id}): a task marked done with one of its outcomes (a
 * later condition reads it), an approval approved or rejected. A rejection needs a comment: it is what the case
 * manager reads on the failed workflow.
 */
export function TaskDecisionModal({
  task,
  decision,
  onClose,
}: {
  task: WorkflowTask | null;
  decision: Decision;
  onClose: () => void;
}) {
  const decide = useDecideWorkflowTask();
  const [outcome, setOutcome] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (task) {
      setOutcome('');
      setComment('');
      setProblem(null);
    }
  }, [task]);
  if (!task) return null;
  const needsOutcome = decision === 'done' && task.outcomes.length > 0;

  const submit = () => {
    if (needsOutcome && !outcome) return setProblem('Choose the outcome.');
    if (decision === 'rejected' && !comment.trim()) return setProblem('Say why it is rejected.');
    decide.mutate(
      {
        id: task.id,
        body: {
          decision,
          ...(outcome ? { outcome } : {}),
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${task.title}: ${DONE[decision]}.` });
          onClose();
        },
        onError: (e) => setProblem(errorText(e, 'Failed to update the task')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`${VERB[decision]}: ${task.title}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          {task.member_name} · {task.workflow_name}
        </Text>
        {task.description && <Text size="sm">{task.description}</Text>}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {needsOutcome && (
          <Radio.Group label="Outcome" required value={outcome} onChange={setOutcome}>
            <Group gap="md" mt={4}>
              {task.outcomes.map((o) => (
                <Radio key={o} value={o} label={o} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Textarea
          label="Comment"
          required={decision === 'rejected'}
          rows={2}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={decision === 'rejected' ? 'red' : undefined}
            loading={decide.isPending}
            onClick={submit}
          >
            {VERB[decision]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
