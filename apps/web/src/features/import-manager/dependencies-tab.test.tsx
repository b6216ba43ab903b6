import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IMPORT_DEPENDENCY_MEANINGS,
  IMPORT_SCHEDULE_MESSAGES,
  type ImportDependency,
  type ImportSchedule,
} from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { DependenciesTab } from './dependencies-tab.tsx';
import { GRAPH_HEIGHT, GRAPH_WIDTH, layoutDependencyGraph } from './dependency-graph-layout.ts';

function schedule(id: number, name: string, overrides: Partial<ImportSchedule> = {}): ImportSchedule {
  return {
    id,
    name,
    data_source: 'cms_nppes',
    frequency: 'weekly',
    cron_expression: '0 2 * * 1',
    states: ['CA', 'TX'],
    limit_per_run: 5000,
    taxonomy: 'Family Medicine',
    enabled: true,
    last_run: '2026-11-16T02:00:00.000Z',
    next_run: '2026-11-23T02:00:00.000Z',
    successful_runs: 7,
    total_runs: 8,
    last_job_id: null,
    last_status: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const nppes = schedule(1, 'NPPES California');
const care = schedule(2, 'Care Compare', { data_source: 'cms_care_compare', enabled: false });
const hrsa = schedule(3, 'HRSA centers', {
  data_source: 'hrsa',
  frequency: 'custom',
  cron_expression: '0 4 * * 3',
});
// HRSA runs after NPPES succeeds; Care Compare after HRSA ends (completion).
const deps: ImportDependency[] = [
  { id: 10, schedule_id: 3, depends_on_schedule_id: 1, dependency_type: 'success' },
  { id: 11, schedule_id: 2, depends_on_schedule_id: 3, dependency_type: 'completion' },
];

function graph(schedules = [nppes, care, hrsa], dependencies = deps) {
  return { schedules, dependencies };
}

beforeEach(() => {
  // jsdom has no 2D canvas: the tab must cope with getContext answering null.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

function renderTab() {
  return renderWithProviders(
    <>
      <Notifications />
      <DependenciesTab />
    </>,
  );
}

const table = () => screen.getByRole('table', { name: 'Schedules and their dependencies' });

describe('Import Manager: Dependencies tab (002 §2)', () => {
  it('draws the graph on an 800 × 600 canvas with a summary, and lists the same graph as an accessible table', async () => {
    mockFetch({ 'GET /api/import/schedules': () => jsonResponse(200, graph()) });
    renderTab();
    const canvas = await screen.findByRole('img', { name: /Dependency graph of 3 schedules in 3 levels/ });
    // Drawn at 800 × 600 device-independent pixels, scaled down by CSS to the room it has.
    expect(Number(canvas.getAttribute('width'))).toBe(
      GRAPH_WIDTH * Math.max(1, window.devicePixelRatio || 1),
    );
    expect(Number(canvas.getAttribute('height'))).toBe(
      GRAPH_HEIGHT * Math.max(1, window.devicePixelRatio || 1),
    );
    expect(canvas).toHaveStyle({ width: '100%', maxWidth: '800px' });

    const rows = within(table()).getAllByRole('row').slice(1);
    // In topological order: the root first, then what depends on it.
    expect(rows.map((r) => within(r).getByRole('button').textContent)).toEqual([
      'NPPES California',
      'HRSA centers',
      'Care Compare',
    ]);
    expect(rows[1]).toHaveTextContent('NPPES California (success)');
    expect(rows[1]).toHaveTextContent('Care Compare (completion)');
    expect(rows[0]).toHaveTextContent('None');
  });

  it('selects a schedule from the table and shows its details, what it depends on and what depends on it', async () => {
    mockFetch({ 'GET /api/import/schedules': () => jsonResponse(200, graph()) });
    renderTab();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Schedules and their dependencies' });
    expect(
      screen.getByText('Select a schedule in the graph or the table to see its details.'),
    ).toBeInTheDocument();

    const button = within(table()).getByRole('button', { name: 'HRSA centers' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const details = screen.getByRole('region', { name: 'Details of HRSA centers' });
    expect(details).toHaveTextContent('HRSA health centers');
    expect(details).toHaveTextContent('custom 0 4 * * 3 (UTC)');
    expect(details).toHaveTextContent('CA, TX');
    expect(details).toHaveTextContent('Enabled');
    expect(details).toHaveTextContent('7 successful of 8');
    const [dependsOn, dependedOnBy] = within(details).getAllByRole('list');
    expect(dependsOn).toHaveTextContent('NPPES California');
    expect(dependsOn).toHaveTextContent('Success');
    expect(dependedOnBy).toHaveTextContent('Care Compare');
    expect(dependedOnBy).toHaveTextContent('Completion');
    expect(screen.getByRole('img', { name: /HRSA centers selected/ })).toBeInTheDocument();
  });

  it('selects the node clicked on the canvas, through the CSS scale', async () => {
    mockFetch({ 'GET /api/import/schedules': () => jsonResponse(200, graph()) });
    renderTab();
    const canvas = await screen.findByRole('img', { name: /Dependency graph/ });
    // Shown at half size at (20, 40).
    canvas.getBoundingClientRect = () =>
      ({ left: 20, top: 40, width: 400, height: 300, right: 420, bottom: 340, x: 20, y: 40 }) as DOMRect;
    const node = layoutDependencyGraph([1, 2, 3], deps).nodes.get(2)!;
    fireEvent.click(canvas, { clientX: 20 + node.x / 2, clientY: 40 + node.y / 2 });
    expect(await screen.findByRole('region', { name: 'Details of Care Compare' })).toHaveTextContent(
      'Disabled',
    );
    // A click between nodes changes nothing.
    fireEvent.click(canvas, { clientX: 21, clientY: 41 });
    expect(screen.getByRole('region', { name: 'Details of Care Compare' })).toBeInTheDocument();
  });

  it('asks for a selected node before adding a dependency', async () => {
    const fetchMock = mockFetch({ 'GET /api/import/schedules': () => jsonResponse(200, graph()) });
    renderTab();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Schedules and their dependencies' });
    await user.click(screen.getByRole('button', { name: 'Add Dependency' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_SCHEDULE_MESSAGES.selectNode);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/import/schedules/1/dependencies')).toHaveLength(0);
  });

  it('adds a dependency to the selected schedule with the chosen type, then shows the new graph', async () => {
    let added = false;
    const taxonomy = schedule(4, 'Taxonomy refresh');
    const newEdge = {
      id: 12,
      schedule_id: 1,
      depends_on_schedule_id: 4,
      dependency_type: 'conditional' as const,
    };
    const fetchMock = mockFetch({
      'GET /api/import/schedules': () =>
        jsonResponse(200, graph([nppes, care, hrsa, taxonomy], added ? [...deps, newEdge] : deps)),
      'POST /api/import/schedules/1/dependencies': () => {
        added = true;
        return jsonResponse(200, newEdge);
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', { name: 'NPPES California' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Dependency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Dependency' });

    // The other schedules by name; those that would close a cycle are offered disabled.
    const select = within(dialog).getByRole('combobox', { name: /Depends on/ });
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a schedule',
      'Care Compare (would make a cycle)',
      'HRSA centers (would make a cycle)',
      'Taxonomy refresh',
    ]);
    expect(options[1]).toBeDisabled();
    // Success is the default; each type says what it means.
    expect(within(dialog).getByRole('radio', { name: /Success/ })).toBeChecked();
    expect(within(dialog).getByText(`It ${IMPORT_DEPENDENCY_MEANINGS.conditional}.`)).toBeInTheDocument();

    // Nothing chosen: said, not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add Dependency' }));
    expect(within(dialog).getByText('Choose the schedule it depends on.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/import/schedules/1/dependencies')).toHaveLength(0);

    await user.selectOptions(select, 'Taxonomy refresh');
    await user.click(within(dialog).getByRole('radio', { name: /Conditional/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Dependency' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/import/schedules/1/dependencies') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({
      depends_on_schedule_id: 4,
      dependency_type: 'conditional',
    });
    expect(
      await screen.findByText('NPPES California now runs after Taxonomy refresh (conditional).'),
    ).toBeInTheDocument();
    // The graph is fetched again: NPPES now depends on Taxonomy refresh.
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('row')
          .find((r) => within(r).queryByRole('button', { name: 'NPPES California' })),
      ).toHaveTextContent('Taxonomy refresh (conditional)'),
    );
  });

  it("shows the server's refusal of a cycle as 'Failed to add dependency: {detail}'", async () => {
    const detail = 'This dependency would make a cycle: NPPES California → Care Compare → NPPES California.';
    mockFetch({
      // Stale on the client: it does not know of the edge that closes the cycle.
      'GET /api/import/schedules': () => jsonResponse(200, graph([nppes, care], [])),
      'POST /api/import/schedules/1/dependencies': () => errorResponse(409, detail, 'conflict'),
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', { name: 'NPPES California' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Dependency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Dependency' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Depends on/ }), 'Care Compare');
    await user.click(within(dialog).getByRole('button', { name: 'Add Dependency' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      IMPORT_SCHEDULE_MESSAGES.addDependencyFailed(detail),
    );
    // The dialog stays open to choose again.
    expect(screen.getByRole('dialog', { name: 'Add Dependency' })).toBeInTheDocument();
  });

  it('shows the execution order of all schedules, numbered, by name', async () => {
    const fetchMock = mockFetch({
      'GET /api/import/schedules': () => jsonResponse(200, graph()),
      'GET /api/import/schedules/execution-order': () => jsonResponse(200, { execution_order: [1, 3, 2] }),
    });
    renderTab();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Schedules and their dependencies' });
    await user.click(screen.getByRole('button', { name: 'Execution Order' }));
    const section = await screen.findByRole('region', { name: 'Execution order' });
    const list = within(section).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['NPPES California', 'HRSA centers', 'Care Compare']);
    const [[url]] = callsTo(fetchMock, 'GET', '/api/import/schedules/execution-order') as [[string]];
    expect(new URL(url, 'http://x').searchParams.getAll('schedule_ids')).toEqual(['1', '2', '3']);
  });

  it('refreshes the graph on Refresh', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/import/schedules': () => {
        calls += 1;
        return jsonResponse(200, calls === 1 ? graph([nppes], []) : graph());
      },
    });
    renderTab();
    const user = userEvent.setup();
    await within(await screen.findByRole('table')).findByRole('button', { name: 'NPPES California' });
    expect(within(table()).queryByRole('button', { name: 'Care Compare' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(table()).findByRole('button', { name: 'Care Compare' })).toBeInTheDocument();
  });

  it('shows a load failure with a Retry, and says when there are no schedules', async () => {
    let fail = true;
    mockFetch({
      'GET /api/import/schedules': () =>
        fail
          ? errorResponse(403, 'Only platform operators can manage imports.', 'forbidden')
          : jsonResponse(200, graph([], [])),
    });
    renderTab();
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only platform operators can manage imports.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No schedules yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
