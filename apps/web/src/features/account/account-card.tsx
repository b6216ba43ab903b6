import { Center, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The narrow centred card of the registration and password pages. When a submit turns the card into its
 * result ('Check Your Email', 'Password reset', …) the title changes: focus moves to it, so the result is
 * read out and focus does not fall to the page body with the button that was pressed.
 */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownTitle = useRef(title);
  useEffect(() => {
    if (shownTitle.current === title) return;
    shownTitle.current = title;
    heading.current?.focus();
  }, [title]);
  return (
    <Center py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} w="100%" maw={460}>
        <Stack gap="md">
          <Title order={2} size="h3" ref={heading} tabIndex={-1} data-screen-heading>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
