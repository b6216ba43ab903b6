import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';

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

/**
 * Back to the last page that exists when the list shrank under the one shown (the last row of the last page was
 * deleted, or a live update removed it).
 */
export function useKeepPageInRange(page: number, pages: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (page > pages && pages >= 1) setPage(pages);
  }, [page, pages, setPage]);
}
