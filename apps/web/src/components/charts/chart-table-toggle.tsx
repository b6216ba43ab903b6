import { Button } from '@mantine/core';

export const CHART_TABLE_TEXT = { showTable: 'Show as table', showChart: 'Show as chart' } as const;

/**
 * 'Show as table' / 'Show as chart': swaps a `ChartFigure`'s chart for its table in sight (`showTable`), and
 * back. A toggle button: `aria-pressed` says whether the table is shown.
 */
export function ChartTableToggle({
  showTable,
  onChange,
}: {
  showTable: boolean;
  onChange: (showTable: boolean) => void;
}) {
  return (
    <Button variant="subtle" size="compact-sm" aria-pressed={showTable} onClick={() => onChange(!showTable)}>
      {showTable ? CHART_TABLE_TEXT.showChart : CHART_TABLE_TEXT.showTable}
    </Button>
  );
}
