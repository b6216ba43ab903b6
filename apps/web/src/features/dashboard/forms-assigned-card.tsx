import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FORM_MESSAGES } from '@trust/domain';
import { Link } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { useAppEvents } from '../../api/events/use-app-events.ts';
import { useFormInstances } from '../../api/forms/instances.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { FormDueDate } from '../../components/smart-form/form-due.tsx';

const SHOWN = 10;
/** Read enough to put the soonest due first (the server orders by last change). */
const READ = 50;

function byDueDate(a: { due_date: string | null }, b: { due_date: string | null }): number {
  if (a.due_date === b.due_date) return 0;
  if (a.due_date === null) return 1;
  if (b.due_date === null) return -1;
  return a.due_date < b.due_date ? -1 : 1;
}

/**
 * "Forms assigned to me" (issue #16 item 5: the assignee sees an assigned form on their dashboard): the drafts
 * assigned to the signed-in user, soonest due first, each a link to the filler.
 */
export function FormsAssignedCard({ userId }: { userId: number }) {
  const list = useFormInstances({ assignedToUserId: userId, status: 'draft', pageSize: READ });
  // A workflow's form step assigns forms while the dashboard is open: each step it takes is announced. A burst
  // of steps joins the read under way instead of starting one each.
  useAppEvents(['workflow.instance_changed'], () => void list.refetch({ cancelRefetch: false }));
  const forms = [...(list.data?.instances ?? [])].sort(byDueDate).slice(0, SHOWN);
  const total = list.data?.total ?? 0;
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Forms assigned to me
        </Title>
        {list.data && (
          <Text size="sm" c="dimmed">
            {total} open
          </Text>
        )}
      </Group>
      {list.error ? (
        <LoadErrorAlert
          error={list.error}
          onRetry={() => void list.refetch()}
          compact
          message={errorText(list.error, FORM_MESSAGES.fetchInstancesFailed)}
        />
      ) : list.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : forms.length === 0 ? (
        <Text size="sm" c="dimmed">
          No forms are waiting for you.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {forms.map((f) => (
            <Group key={f.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Anchor component={Link} to={tabPath('form-fill', f.id)} fw={500} size="sm">
                  {f.form_template_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {f.member_name ?? 'Unknown member'} · {f.completion_percentage}% complete
                </Text>
              </div>
              <FormDueDate form={f} size="xs" />
            </Group>
          ))}
          {total > forms.length && (
            <Text size="xs" c="dimmed">
              And {total - forms.length} more.
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
