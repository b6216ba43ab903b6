import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

// A chart's picture says nothing to a screen reader, so every chart of the app is a ChartFigure: the chart as one
// image named by its label, and the same figures as a table. The table is hidden from sight while the chart
// shows; `showTable` (with a `ChartTableToggle` wherever the screen puts it) shows the table instead.

export interface ChartTableColumn {
  header: string;
  /** The cells of the column, one per row. The first column's cells name their rows (row headers). */
  cells: readonly ReactNode[];
}

function FiguresTable({
  label,
  columns,
  visible,
  minWidth,
}: {
  label: string;
  columns: readonly ChartTableColumn[];
  visible: boolean;
  minWidth: number;
}) {
  const [first, ...rest] = columns;
  const rows = first?.cells.length ?? 0;
  return (
    <Table striped={visible} withTableBorder={visible} miw={visible ? minWidth : undefined}>
      <Table.Caption>{label}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header} scope="col">
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the chart's data points, in order
          <Table.Tr key={i}>
            <Table.Th scope="row" fw={400}>
              {first?.cells[i]}
            </Table.Th>
            {rest.map((c) => (
              <Table.Td key={c.header}>{c.cells[i]}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A chart named by `label` (the figure's name, the chart image's name and the table's caption) with its data as
 * a table of `columns`. While the chart shows, the table is visually hidden, and never in a scroll container
 * (axe's scrollable-region-focusable). With `showTable` the table shows instead of the chart, in a region that
 * scrolls sideways on a narrow screen and takes the keyboard focus so it can be scrolled without a mouse.
 */
export function ChartFigure({
  label,
  columns,
  showTable = false,
  minWidth = 320,
  testId,
  children,
}: {
  label: string;
  columns: readonly ChartTableColumn[];
  /** Show the table in sight instead of the chart. */
  showTable?: boolean;
  /** The shown table's least width in pixels (narrower screens scroll it). */
  minWidth?: number;
  testId?: string;
  /** The chart. */
  children: ReactNode;
}) {
  return (
    <figure aria-label={label} data-testid={testId} style={{ margin: 0 }}>
      {showTable ? (
        <section
          aria-label={`${label} (table)`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus, so a keyboard can scroll it
          tabIndex={0}
          className="mantine-focus-auto"
          style={{ overflowX: 'auto' }}
        >
          <FiguresTable label={label} columns={columns} visible minWidth={minWidth} />
        </section>
      ) : (
        <>
          <div role="img" aria-label={label}>
            {children}
          </div>
          <VisuallyHidden>
            <FiguresTable label={label} columns={columns} visible={false} minWidth={minWidth} />
          </VisuallyHidden>
        </>
      )}
    </figure>
  );
}
