import { Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Mantine's Pagination with a name on every control: the previous and next arrows are icons and would
 * otherwise have none (axe button-name, critical), and a bare "2" does not say what it opens. Inside a
 * labelled navigation landmark so a screen reader can tell this list's pages from another's.
 */
export function ListPagination({
  label,
  ...props
}: Omit<PaginationProps, 'getControlProps' | 'getItemProps'> & {
  /** What the pages are of ("Outbox pages"). */
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <Pagination
        {...props}
        getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      />
    </nav>
  );
}

/** The number of pages for `total` rows at `pageSize` a page: at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
