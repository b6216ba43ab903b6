import { Button, Group, Text } from '@mantine/core';

/** 002 §2 pagination of the administration lists (enrollments, templates, instances, rules): First, Previous, 'Page x of y', Next, Last. */
export function PageControls({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** What the pages are of ("Enrollment pages"), for the navigation landmark. */
  label: string;
}) {
  const first = page <= 1;
  const last = page >= pages;
  return (
    <nav aria-label={label}>
      <Group gap="xs" justify="center">
        <Button variant="default" size="xs" disabled={first} onClick={() => onChange(1)}>
          First
        </Button>
        <Button variant="default" size="xs" disabled={first} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Text size="sm" aria-live="polite">
          Page {page} of {pages}
        </Text>
        <Button variant="default" size="xs" disabled={last} onClick={() => onChange(page + 1)}>
          Next
        </Button>
        <Button variant="default" size="xs" disabled={last} onClick={() => onChange(pages)}>
          Last
        </Button>
      </Group>
    </nav>
  );
}
