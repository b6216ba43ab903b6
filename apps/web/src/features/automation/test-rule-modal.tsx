import { Alert, Badge, Button, Group, List, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { AUTOMATION_ACTION_LABELS, AUTOMATION_MESSAGES, type AutomationRule } from '@trust/domain';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useRecentAutomationEvents, useTestAutomationRule } from '../../api/workflows/rules.ts';
import { formatDateTime } from '../../components/format-date.ts';

/**
 * Test rule (issue #17 item 4): for a recent event of the rule's trigger, whether the rule would fire and what each
 * action would do — without doing it.
 */
export function TestRuleModal({ rule, onClose }: { rule: AutomationRule | null; onClose: () => void }) {
  const scheduled = rule?.trigger_type === 'scheduled';
  const events = useRecentAutomationEvents(rule && !scheduled ? rule.trigger_type : null);
  const test = useTestAutomationRule();
  const [eventId, setEventId] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new rule starts over
  useEffect(() => {
    setEventId('');
    test.reset();
  }, [rule]);
  const result = test.data;

  return (
    <Modal
      opened={rule !== null}
      onClose={onClose}
      title={rule ? `Test rule: ${rule.rule_name}` : 'Test rule'}
      size="lg"
    >
      {scheduled ? (
        <Text>{AUTOMATION_MESSAGES.scheduledNotTestable}</Text>
      ) : (
        <Stack gap="sm">
          <NativeSelect
            label="Recent event"
            value={eventId}
            onChange={(e) => {
              setEventId(e.currentTarget.value);
              test.reset();
            }}
            data={[
              {
                value: '',
                label: events.isLoading
                  ? 'Loading…'
                  : (events.data?.events.length ?? 0) === 0
                    ? 'No recent event of this trigger'
                    : 'Choose an event',
              },
              ...(events.data?.events ?? []).map((e) => ({
                value: e.id,
                label: `${formatDateTime(e.at)} — ${e.summary}`,
              })),
            ]}
          />
          <Group justify="flex-end">
            <Button
              disabled={!eventId || !rule}
              loading={test.isPending}
              onClick={() => rule && test.mutate({ id: rule.id, eventId })}
            >
              Test
            </Button>
          </Group>
          {test.error && (
            <Alert color="red" role="alert">
              {errorText(test.error, 'Failed to test the rule')}
            </Alert>
          )}
          {result && (
            <Alert
              color={result.matched ? 'green' : 'gray'}
              title={result.matched ? 'It would fire' : 'It would not fire'}
              role="status"
            >
              <Stack gap={4}>
                {result.reason && <Text size="sm">{result.reason}</Text>}
                {result.matched && (
                  <List size="sm">
                    {result.actions.map((a, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: actions are in the rule's order
                      <List.Item key={i}>
                        <Badge size="xs" variant="light" mr={6}>
                          {AUTOMATION_ACTION_LABELS[a.type]}
                        </Badge>
                        {a.would}
                      </List.Item>
                    ))}
                  </List>
                )}
                <Text size="xs" c="dimmed">
                  This was a test: nothing was done.
                </Text>
              </Stack>
            </Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}
