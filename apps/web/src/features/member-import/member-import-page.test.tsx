import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberImport } from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// Issue #15 item 4 in the browser: upload → match columns → check the rows → import with progress → refusals.

const base: MemberImport = {
  id: 5,
  file_name: 'roster.csv',
  file_format: 'csv',
  source_system: '',
  column_map: {},
  on_existing: 'update',
  status: 'uploaded',
  total_rows: 3,
  processed_rows: 0,
  created_count: 0,
  updated_count: 0,
  unchanged_count: 0,
  skipped_count: 0,
  refused_count: 0,
  progress_percent: 0,
  error: null,
  created_ts: '2026-11-01T10:00:00.000Z',
  started_at: null,
  finished_at: null,
};

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('Import Members', { timeout: 30_000 }, () => {
  it('uploads, shows the matched columns, checks the rows, imports with progress and offers the refused rows', async () => {
    storeSession();
    const fetchMock = mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ org_role: 'manager', active_cbo_id: 1 })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/custom-fields/': () => jsonResponse(200, []),
      'GET /api/custom-fields/mappings': () => jsonResponse(200, []),
      'GET /api/members/imports': () => jsonResponse(200, { imports: [] }),
      'POST /api/members/imports/5/preview': () =>
        jsonResponse(200, {
          columns: [],
          column_map: {},
          problem: null,
          total_rows: 3,
          refused_rows: 1,
          errors: [{ row: 3, reason: 'First name and last name are required' }],
        }),
      'POST /api/members/imports/5/start': () => jsonResponse(202, { ...base, status: 'queued' }),
      'GET /api/members/imports/5': () =>
        jsonResponse(200, {
          ...base,
          status: 'completed',
          processed_rows: 3,
          created_count: 2,
          refused_count: 1,
          progress_percent: 100,
        }),
    });
    renderApp({ path: '/members-import' });
    const file = new File(['First Name,Last Name,Medicaid ID\nA,B,1\n'], 'roster.csv', { type: 'text/csv' });
    await screen.findByRole('button', { name: /Member file/ });
    // Mantine's FileInput is a button beside a hidden file input: the file goes to the input.
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and match columns' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/members/imports');
    act(() =>
      FakeXhr.sent[0]!.respond(201, {
        import: base,
        columns: [
          { column: 'First Name', field: 'first_name', matched_by: 'name' },
          { column: 'Last Name', field: 'last_name', matched_by: 'name' },
          { column: 'Medicaid ID', field: 'medicaid_id', matched_by: 'mapping' },
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Column matches' });
    expect(within(table).getByText('Field mapping')).toBeInTheDocument();
    expect(within(table).getAllByText('Similar name')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Check rows' }));
    expect(await screen.findByText('Row 3: First name and last name are required')).toBeInTheDocument();
    expect(screen.getByText(/2 of 3 rows can be imported; 1 will be refused/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/api/members/imports/5/start')[0]![1]!.body));
    expect(body).toEqual({
      source_system: '',
      column_map: { 'First Name': 'first_name', 'Last Name': 'last_name', 'Medicaid ID': 'medicaid_id' },
      on_existing: 'update',
    });
    expect(await screen.findByText(/Import complete 3 of 3 rows/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByRole('button', { name: 'Download refused rows (1)' })).toBeInTheDocument();
  });
});
