import {
  Group,
  Skeleton,
  Stack,
  Table,
  type TableProps,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { LoadErrorAlert, type LoadErrorAlertProps } from '../load-error-alert.tsx';
import { ListPagination, pageCount } from './list-pagination.tsx';

export type SortDirection = 'asc' | 'desc';

/** The server's sort: which column (its `sortKey`) and which way. */
export interface DataTableSort {
  column: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  /** Stable id of the column (React key). */
  key: string;
  /** The header text. */
  header: ReactNode;
  /** The header is for screen readers only (an actions column whose buttons say what they do). */
  headerHidden?: boolean;
  /** What a row shows in this column. */
  cell: (row: T) => ReactNode;
  /** Sortable on the server by this key: the header becomes a button that changes `sort`. */
  sortKey?: string;
  /** Column width (px or any CSS width). */
  width?: number | string;
  /** Keep the cell on one line (times, phone numbers). */
  nowrap?: boolean;
  /** Left out below 48em, where the table is read on a phone: for columns that can be missed there. */
  hideOnPhone?: boolean;
}

export interface DataTablePaging {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the page controls' navigation ("Outbox pages"); defaults to "{label} pages". */
  label?: string;
  /** Beside the page controls: the count ("26 messages"). */
  summary?: ReactNode;
}

type RowAttributes = Omit<ComponentPropsWithoutRef<'tr'>, 'children'> & { [data: `data-${string}`]: string };

export interface DataTableProps<T> {
  /** The table's accessible name (and its scroll region's). */
  label: string;
  /** A visible caption, when the screen has no heading naming the table. */
  caption?: ReactNode;
  columns: DataTableColumn<T>[];
  /** The rows of this page; undefined while the first load runs (skeleton rows) or after it failed. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The shown rows are being refreshed (aria-busy). */
  fetching?: boolean;
  /** Read to screen readers while the first load runs. */
  loadingLabel?: string;
  /** The message when there are no rows (spec texts verbatim). */
  empty: ReactNode;
  /**
   * The load failed (a query's `error`): without rows the one load-error alert replaces the table; with rows
   * (a refresh failed) its compact form shows above them. Needs `onRetry`.
   */
  error?: unknown;
  onRetry?: () => void;
  /** The alert's words (what could not be loaded, a title or text of the screen's own). */
  errorAlert?: Pick<LoadErrorAlertProps, 'what' | 'title' | 'message'>;
  /** Server sorting: the current sort (controlled) and what a header click asks for. */
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort) => void;
  /** Server paging: the controls show when there is more than one page. */
  paging?: DataTablePaging;
  /** A row opens something (a message, a record): the row becomes focusable, Enter and Space open it too. */
  onRowClick?: (row: T) => void;
  /** The name of a clickable row ("Open message to …"). */
  rowLabel?: (row: T) => string;
  /** Further attributes of a row (data-testid, a highlight). */
  rowProps?: (row: T) => RowAttributes;
  /** Below this width (px) the table scrolls sideways inside its region instead of squeezing its columns. */
  minWidth?: number;
  /** Mantine Table props (striped, highlightOnHover, verticalSpacing). */
  tableProps?: Omit<TableProps, 'children' | 'aria-label' | 'aria-busy'>;
}

const INTERACTIVE = 'a, button, input, select, textarea, [role="button"]';

const SORT_NAMES = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ direction }: { direction: SortDirection | null }) {
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return <Icon size={14} aria-hidden stroke={1.8} style={{ flexShrink: 0, opacity: direction ? 1 : 0.5 }} />;
}

/**
 * One table for every list of records (users, organizations, the outbox, the security log, …): columns
 * declared once; server paging and sorting; skeleton rows while loading, an empty message, and the one
 * load-error alert with Retry; a name for screen readers.
 *
 * On a phone the table keeps its columns and scrolls sideways inside a labelled region that takes keyboard
 * focus (so it can be scrolled without a mouse, axe scrollable-region-focusable); `hideOnPhone` leaves out
 * columns a phone can do without. Every table in the app works this way, none turns into cards.
 */
export function DataTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  fetching = false,
  loadingLabel = 'Loading…',
  empty,
  error,
  onRetry,
  errorAlert,
  sort,
  onSortChange,
  paging,
  onRowClick,
  rowLabel,
  rowProps,
  minWidth = 640,
  tableProps,
}: DataTableProps<T>) {
  const retry = onRetry ?? (() => {});
  const failed = error !== undefined && error !== null;
  if (failed && rows === undefined) {
    return <LoadErrorAlert error={error} onRetry={retry} {...errorAlert} />;
  }

  const loading = rows === undefined;
  const pages = paging ? pageCount(paging.total, paging.pageSize) : 1;
  const phoneProps = (column: DataTableColumn<T>) => (column.hideOnPhone ? { visibleFrom: 'sm' } : {});

  const header = (column: DataTableColumn<T>) => {
    const text = column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header;
    if (!column.sortKey || !onSortChange) {
      return (
        <Table.Th key={column.key} w={column.width} {...phoneProps(column)}>
          {text}
        </Table.Th>
      );
    }
    const sortKey = column.sortKey;
    const direction = sort?.column === sortKey ? sort.direction : null;
    return (
      <Table.Th
        key={column.key}
        w={column.width}
        aria-sort={direction ? SORT_NAMES[direction] : 'none'}
        {...phoneProps(column)}
      >
        <UnstyledButton
          fw="inherit"
          fz="inherit"
          onClick={() => onSortChange({ column: sortKey, direction: direction === 'asc' ? 'desc' : 'asc' })}
        >
          <Group gap={4} wrap="nowrap">
            <span>{text}</span>
            <SortIcon direction={direction} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };

  const clickable = (row: T): RowAttributes => {
    if (!onRowClick) return {};
    return {
      tabIndex: 0,
      'aria-label': rowLabel?.(row),
      style: { cursor: 'pointer' },
      onClick: (event: MouseEvent<HTMLTableRowElement>) => {
        // A button or link inside the row does its own thing, not also open the row.
        const control = (event.target as Element).closest(INTERACTIVE);
        if (control && control !== event.currentTarget) return;
        onRowClick(row);
      },
      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onRowClick(row);
        }
      },
    };
  };

  let body: ReactNode;
  if (loading) {
    const count = paging ? Math.min(paging.pageSize, 5) : 3;
    body = Array.from({ length: count }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key by
      <Table.Tr key={i} aria-hidden>
        {columns.map((column) => (
          <Table.Td key={column.key} {...phoneProps(column)}>
            <Skeleton height={12} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" ta="center" size="sm" py="xs" component="div">
            {empty}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr key={rowKey(row)} {...clickable(row)} {...rowProps?.(row)}>
        {columns.map((column) => (
          <Table.Td
            key={column.key}
            style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
            {...phoneProps(column)}
          >
            {column.cell(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="sm">
      {failed && rows !== undefined && (
        <LoadErrorAlert error={error} onRetry={retry} compact {...errorAlert} />
      )}
      {loading && (
        <VisuallyHidden role="status" aria-live="polite">
          {loadingLabel}
        </VisuallyHidden>
      )}
      <Table.ScrollContainer type="native" minWidth={minWidth} role="region" aria-label={label} tabIndex={0}>
        <Table aria-label={label} aria-busy={loading || fetching} {...tableProps}>
          {caption && <Table.Caption>{caption}</Table.Caption>}
          <Table.Thead>
            <Table.Tr>{columns.map(header)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging && (paging.summary !== undefined || pages > 1) && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" component="div">
            {paging.summary}
          </Text>
          {pages > 1 && (
            <ListPagination
              label={paging.label ?? `${label} pages`}
              total={pages}
              value={paging.page}
              onChange={paging.onPageChange}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
