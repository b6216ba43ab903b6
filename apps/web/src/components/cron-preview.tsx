import { List, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCronPreview } from '../api/workflows/templates.ts';

/**
 * A cron expression's next runs (issue #17 item 2, a time-based trigger; issue #18 item 3, a custom import schedule),
 * asked of the server once typing pauses, or why the expression is not valid.
 */
export function CronPreview({ expression }: { expression: string }) {
  const [debounced] = useDebouncedValue(expression.trim(), 400);
  const preview = useCronPreview(debounced);
  if (debounced === '') return null;
  if (preview.isLoading) return <Loader size="xs" aria-label="Checking the cron expression" />;
  if (!preview.data) return null;
  if (!preview.data.valid)
    return (
      <Text size="sm" c="red" role="status">
        {preview.data.message}
      </Text>
    );
  return (
    <div role="status">
      <Text size="sm" fw={500}>
        Next runs (UTC)
      </Text>
      <List size="sm">
        {preview.data.next_runs.map((run) => (
          <List.Item key={run}>
            {new Date(run).toLocaleString(undefined, {
              dateStyle: 'medium',
              timeStyle: 'short',
              timeZone: 'UTC',
            })}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
