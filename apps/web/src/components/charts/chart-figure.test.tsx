import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { CHART_TABLE_TEXT, ChartTableToggle } from './chart-table-toggle.tsx';

const COLUMNS = [
  { header: 'Month', cells: ['Jan 2026', 'Feb 2026'] },
  { header: 'Referrals', cells: ['12', '8'] },
];

function Toggled() {
  const [showTable, setShowTable] = useState(false);
  return (
    <>
      <ChartTableToggle showTable={showTable} onChange={setShowTable} />
      <ChartFigure label="Referrals by month" columns={COLUMNS} showTable={showTable}>
        <svg />
      </ChartFigure>
    </>
  );
}

describe('ChartFigure', () => {
  it('is a named figure: the chart as one image, and its figures as a hidden table with headers', () => {
    renderWithProviders(
      <ChartFigure label="Referrals by month" columns={COLUMNS} testId="chart">
        <svg />
      </ChartFigure>,
    );
    const figure = screen.getByRole('figure', { name: 'Referrals by month' });
    expect(within(figure).getByRole('img', { name: 'Referrals by month' })).toBeInTheDocument();
    const table = within(figure).getByRole('table', { name: 'Referrals by month' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Month', 'col'],
      ['Referrals', 'col'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Feb 2026' })).toHaveAttribute('scope', 'row');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '8']);
    // Hidden from sight, and in no scroll container (axe: scrollable-region-focusable).
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(table.closest('[tabindex]')).toBeNull();
  });

  it("'Show as table' shows the table instead of the chart, in a focusable region, and back", async () => {
    renderWithProviders(<Toggled />);
    const toggle = screen.getByRole('button', { name: CHART_TABLE_TEXT.showTable });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Referrals by month (table)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Referrals by month' })).toBeVisible();
    expect(screen.getByRole('button', { name: CHART_TABLE_TEXT.showChart })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: CHART_TABLE_TEXT.showChart }));
    expect(screen.getByRole('img', { name: 'Referrals by month' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
