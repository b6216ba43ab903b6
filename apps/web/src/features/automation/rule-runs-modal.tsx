import { Alert, Badge, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { AUTOMATION_ACTION_LABELS, type AutomationRule } from '@trust/domain';
import { errorText } from '../../api/errors.ts';
import { useAutomationRuleRuns } from '../../api/workflows/rules.ts';
import { formatDateTime } from '../../components/format-date.ts';

const RESULT_COLORS = { pending: 'gray', done: 'green', failed: 'red', skipped: 'yellow' } as const;

/**
 * A rule's run log (issue #17 item 4: "every run logged — rule, event, matched or not, actions and their results —
 * and visible per rule"): the newest 50 evaluations.
 */
export function RuleRunsModal({ rule, onClose }: { rule: AutomationRule | null; onClose: () => void }) {
  const runs = useAutomationRuleRuns(rule?.id ?? null);
  const list = runs.data?.runs ?? [];
  return (
    <Modal
      opened={rule !== null}
      onClose={onClose}
      title={rule ? `Runs: ${rule.rule_name}` : 'Runs'}
      size="xl"
    >
      {runs.isLoading && (
        <Center py="md">
          <Loader aria-label="Loading the runs" />
        </Center>
      )}
      {runs.error && (
        <Alert color="red" role="alert">
          {errorText(runs.error, 'Failed to fetch the runs of this rule')}
        </Alert>
      )}
      {runs.data && list.length === 0 && (
        <Text c="dimmed">
          No run yet: the rule has not seen an event of its trigger since it was created.
        </Text>
      )}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Runs" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Matched</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.created_ts)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{run.event_name}</Text>
                    {run.enrollment_id !== null && (
                      <Text size="xs" c="dimmed">
                        Enrollment {run.enrollment_id}
                        {run.depth > 0 ? ` · caused by a rule (depth ${run.depth})` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={run.matched ? 'green' : 'gray'} variant="light">
                      {run.matched ? 'Yes' : 'No'}
                    </Badge>
                    {run.reason && (
                      <Text size="xs" c="dimmed">
                        {run.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {run.actions.map((a, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: actions are in the rule's order
                        <Group key={i} gap={4} wrap="nowrap" align="flex-start">
                          <Badge size="xs" color={RESULT_COLORS[a.status]} variant="light">
                            {a.status}
                          </Badge>
                          <Text size="xs">
                            {AUTOMATION_ACTION_LABELS[a.type]}
                            {a.result ? `: ${a.result}` : ''}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
