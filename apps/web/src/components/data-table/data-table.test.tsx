import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../../api/errors.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table.tsx';

interface Person {
  id: number;
  name: string;
  email: string;
}

const people: Person[] = [
  { id: 1, name: 'Ana Diaz', email: 'ana@example.test' },
  { id: 2, name: 'Ben Okafor', email: 'ben@example.test' },
];

const columns: DataTableColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (p) => p.name, sortKey: 'name' },
  { key: 'email', header: 'Email', cell: (p) => p.email, hideOnPhone: true },
  {
    key: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (p) => <button type="button">Edit {p.name}</button>,
  },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  return renderWithProviders(
    <DataTable<Person>
      label="People"
      columns={columns}
      rows={people}
      rowKey={(p) => p.id}
      empty="No people found"
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('shows a header and a row per record, named for screen readers and scrollable by keyboard', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Actions']);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ana Diaz')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Ben Okafor' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(table);
    expect(table).toHaveAttribute('aria-busy', 'false');
  });

  it('leaves out the columns marked for wide screens only below 48em', () => {
    renderTable();
    const email = screen.getByRole('columnheader', { name: 'Email' });
    expect(email.className).toMatch(/mantine-visible-from-sm/);
    expect(screen.getByText('ana@example.test').className).toMatch(/mantine-visible-from-sm/);
    expect(screen.getByRole('columnheader', { name: 'Name' }).className).not.toMatch(/visible-from/);
  });

  it('makes sortable headers buttons, marks the sorted column, and asks the server for the new order', async () => {
    const asked: DataTableSort[] = [];
    function Sorted() {
      const [sort, setSort] = useState<DataTableSort | null>(null);
      return (
        <DataTable<Person>
          label="People"
          columns={columns}
          rows={people}
          rowKey={(p) => p.id}
          empty="No people found"
          sort={sort}
          onSortChange={(next) => {
            asked.push(next);
            setSort(next);
          }}
        />
      );
    }
    renderWithProviders(<Sorted />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'none');
    // Only sortable columns are buttons and carry aria-sort.
    expect(screen.getByRole('columnheader', { name: 'Email' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Email' })).not.toBeInTheDocument();

    await userEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(asked).toEqual([{ column: 'name', direction: 'asc' }]);
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(asked.at(-1)).toEqual({ column: 'name', direction: 'desc' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages on the server with named page controls and the count beside them', async () => {
    const onPageChange = vi.fn();
    renderTable({
      paging: { page: 1, pageSize: 2, total: 5, onPageChange, summary: '5 people' },
    });
    const nav = screen.getByRole('navigation', { name: 'People pages' });
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.getByText('5 people')).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('shows no page controls for a single page', () => {
    renderTable({ paging: { page: 1, pageSize: 25, total: 2, onPageChange: () => {} } });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows skeleton rows while the first load runs, and says so to screen readers', () => {
    renderTable({ rows: undefined, loadingLabel: 'Loading people' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading people');
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Ana Diaz')).not.toBeInTheDocument();
  });

  it('marks a refresh of the shown rows as busy', () => {
    renderTable({ fetching: true });
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the empty message under the headers', () => {
    renderTable({ rows: [] });
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getByText('No people found')).toBeInTheDocument();
  });

  it('shows the one load-error alert with Retry when the rows could not be loaded', async () => {
    const onRetry = vi.fn();
    renderTable({ rows: undefined, error: networkError(), onRetry, errorAlert: { what: 'people' } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Connection Error');
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows the server's reason and the screen's own words for a refusal", () => {
    const refused = new ApiError({ status: 403, message: 'Forbidden', detail: 'Only administrators.' });
    renderTable({ rows: undefined, error: refused, onRetry: () => {}, errorAlert: { what: 'people' } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load people');
    expect(alert).toHaveTextContent('Only administrators.');
  });

  it('keeps the rows and shows a one-line alert when a refresh failed', async () => {
    const onRetry = vi.fn();
    renderTable({
      error: networkError(),
      onRetry,
      errorAlert: { message: 'The people could not be refreshed.' },
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The people could not be refreshed.');
    expect(screen.getByText('Ana Diaz')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('opens a clickable row by click, Enter and Space, under the name given', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick, rowLabel: (p) => `Open ${p.name}` });
    const row = screen.getByRole('row', { name: 'Open Ana Diaz' });
    expect(row).toHaveAttribute('tabindex', '0');
    await userEvent.click(row);
    row.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledTimes(3);
    expect(onRowClick).toHaveBeenCalledWith(people[0]);
    // A button inside the row does its own thing.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ana Diaz' }));
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it('shows a visible caption when given', () => {
    renderTable({ caption: 'Everyone in the organization' });
    expect(screen.getByText('Everyone in the organization').tagName).toBe('CAPTION');
  });
});
