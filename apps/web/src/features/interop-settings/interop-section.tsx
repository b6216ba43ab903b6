import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One part of the Interop screen: a bordered region named by its heading. */
export function InteropSection({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Beside the heading (a "New …" button). */
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between' }}>
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {action}
        </div>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
