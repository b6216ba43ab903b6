import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtfRtfList, OtfRtfSubmission } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { OtfRtfScreen } from './otf-rtf-page.tsx';

function submission(overrides: Partial<OtfRtfSubmission> = {}): OtfRtfSubmission {
  return {
    id: 1,
    organization_id: 3,
    created_by: 7,
    created_by_name: 'Dana Rivers',
    zip_code: '82001',
    referral_type: 'Outpatient follow up',
    sdoh_need: 'Housing',
    preferred_language: 'English',
    timeline: 'Within 1 week',
    escalation: 'Medium',
    created_at: '2026-05-20T10:00:00.000Z',
    ...overrides,
  };
}

function listOf(submissions: OtfRtfSubmission[], total = submissions.length, page = 1): OtfRtfList {
  return { submissions, total, page, page_size: 20 };
}

function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

const field = (label: string) =>
  screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;

/** Opens a Select and picks an option of its own list (jsdom keeps Mantine's dropdown in its hidden transition). */
async function choose(label: string, option: string) {
  const input = field(label);
  await userEvent.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  await userEvent.click(within(listbox!).getByRole('option', { name: option, hidden: true }));
  expect(input.value).toBe(option);
}

function renderScreen(orgRole: 'staff' | 'viewer' = 'staff') {
  return renderWithProviders(<OtfRtfScreen hasOrganization orgRole={orgRole} />);
}

describe('OTF/RTF screen (000 §2.9)', () => {
  it('shows the title, badges, sections and the §5.6 defaults', async () => {
    mockFetch({ 'GET /api/otf-rtf': () => jsonResponse(200, listOf([])) });
    renderScreen();
    expect(screen.getByRole('heading', { name: 'OTF/RTF Submission' })).toBeInTheDocument();
    for (const badge of ['HIPAA Compliant', 'Real-time Processing', 'Automated Tracking']) {
      expect(screen.getByText(badge)).toBeInTheDocument();
    }
    for (const section of [
      'Location & Referral Information',
      'Service Requirements',
      'Language & Priority Settings',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(field('ZIP Code').value).toBe('82001');
    expect(field('Referral Type').value).toBe('Outpatient follow up');
    expect(field('SDoH Need').value).toBe('Housing');
    expect(field('Preferred Language').value).toBe('English');
    expect(field('Timeline').value).toBe('Within 1 week');
    expect(field('Escalation Level').value).toBe('Medium');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit OTF/RTF' })).toBeEnabled();
    expect(
      await screen.findByText(
        'No OTF/RTF submissions yet. Submissions from your organization will appear here.',
      ),
    ).toBeInTheDocument();
  });

  it('submits the six fields, shows the success notice, resets the form and refreshes the list', async () => {
    let stored: OtfRtfSubmission[] = [];
    const fetchMock = mockFetch({
      'GET /api/otf-rtf': () => jsonResponse(200, listOf(stored)),
      'POST /api/otf-rtf': (init) => {
        stored = [submission({ id: 9, ...(bodyOf(init) as object) })];
        return jsonResponse(201, stored[0]);
      },
    });
    renderScreen();
    const zip = field('ZIP Code');
    await userEvent.clear(zip);
    await userEvent.type(zip, '90-0017');
    expect(zip.value).toBe('90001');
    await choose('Referral Type', 'Emergency follow up');
    await choose('SDoH Need', 'Transportation');
    await choose('Preferred Language', 'Spanish');
    await choose('Timeline', 'Immediate (24 hours)');
    await choose('Escalation Level', 'Critical');
    await userEvent.click(screen.getByRole('button', { name: 'Submit OTF/RTF' }));

    expect(await screen.findByRole('status')).toHaveTextContent('OTF/RTF submitted successfully.');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/otf-rtf')[0]?.[1])).toEqual({
      zip_code: '90001',
      referral_type: 'Emergency follow up',
      sdoh_need: 'Transportation',
      preferred_language: 'Spanish',
      timeline: 'Immediate (24 hours)',
      escalation: 'Critical',
    });
    expect(field('ZIP Code').value).toBe('82001');
    expect(field('Escalation Level').value).toBe('Medium');
    const table = await screen.findByRole('table', { name: 'OTF/RTF submissions', busy: false });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('90001');
    expect(row).toHaveTextContent('Emergency follow up');
    expect(within(row).getByText('Critical')).toBeInTheDocument();
  }, 20_000);

  it('checks the fields before sending: ZIP required and 5 digits', async () => {
    const fetchMock = mockFetch({ 'GET /api/otf-rtf': () => jsonResponse(200, listOf([])) });
    renderScreen();
    await userEvent.clear(field('ZIP Code'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit OTF/RTF' }));
    expect(await screen.findByText('ZIP code is required.')).toBeInTheDocument();
    await userEvent.type(field('ZIP Code'), '820');
    expect(screen.queryByText('ZIP code is required.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit OTF/RTF' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code.')).toBeInTheDocument();
    expect(field('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/otf-rtf')).toHaveLength(0);
  });

  it("puts the server's field messages on the inputs and shows the failure with its text", async () => {
    mockFetch({
      'GET /api/otf-rtf': () => jsonResponse(200, listOf([])),
      'POST /api/otf-rtf': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body. timeline: Choose one of: Immediate (24 hours), Within 1 week.',
          message: 'Invalid body.',
          error: 'Invalid body.',
          fields: { timeline: 'Choose one of: Immediate (24 hours), Within 1 week.' },
        }),
    });
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Submit OTF/RTF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit OTF/RTF.');
    expect(alert).toHaveTextContent('Invalid body. timeline');
    expect(screen.getByText('Choose one of: Immediate (24 hours), Within 1 week.')).toBeInTheDocument();
    // The form keeps what was entered.
    expect(field('ZIP Code').value).toBe('82001');
  });

  it('Cancel puts the defaults back and clears messages', async () => {
    mockFetch({ 'GET /api/otf-rtf': () => jsonResponse(200, listOf([])) });
    renderScreen();
    await userEvent.clear(field('ZIP Code'));
    await userEvent.type(field('ZIP Code'), '1');
    await choose('Escalation Level', 'High');
    await userEvent.click(screen.getByRole('button', { name: 'Submit OTF/RTF' }));
    await screen.findByText('Enter a 5-digit ZIP code.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('ZIP Code').value).toBe('82001');
    expect(field('Escalation Level').value).toBe('Medium');
    expect(screen.queryByText('Enter a 5-digit ZIP code.')).not.toBeInTheDocument();
  });

  it('disables Submit while sending', async () => {
    const pending = deferred<Response>();
    mockFetch({
      'GET /api/otf-rtf': () => jsonResponse(200, listOf([])),
      'POST /api/otf-rtf': () => pending.promise,
    });
    renderScreen();
    const button = screen.getByRole('button', { name: 'Submit OTF/RTF' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    pending.resolve(jsonResponse(201, submission()));
    expect(await screen.findByRole('status')).toBeInTheDocument();
  });

  it('lists the submissions with their fields and escalation colour, and pages on the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/otf-rtf': (_init, url) => {
        const page = new URL(url, 'http://localhost').searchParams.get('page');
        return jsonResponse(
          200,
          page === '2'
            ? listOf([submission({ id: 1, zip_code: '11111' })], 21, 2)
            : listOf(
                [
                  submission({ id: 3, escalation: 'Critical', created_by_name: null }),
                  submission({ id: 2, escalation: 'Low', sdoh_need: 'Insurance' }),
                ],
                21,
              ),
        );
      },
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'OTF/RTF submissions', busy: false });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Critical')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Unknown User')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Insurance')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Dana Rivers')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(new Date('2026-05-20T10:00:00.000Z').toLocaleString());
    // A colour per level.
    const critical = within(rows[0]!).getByText('Critical').closest('.mantine-Badge-root');
    const low = within(rows[1]!).getByText('Low').closest('.mantine-Badge-root');
    expect(critical?.getAttribute('style')).toContain('red');
    expect(low?.getAttribute('style')).toContain('green');
    expect(screen.getByText('21 submissions')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('11111')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/otf-rtf').map(([u]) => String(u))).toContain(
      '/api/otf-rtf?page=2&page_size=20',
    );
  });

  it('says when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/otf-rtf': () => errorResponse(503, 'The database is not answering.') });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load OTF/RTF submissions.');
    expect(alert).toHaveTextContent('The database is not answering.');
  });

  it('lets a viewer read the list but not submit', async () => {
    mockFetch({ 'GET /api/otf-rtf': () => jsonResponse(200, listOf([submission()])) });
    renderScreen('viewer');
    expect(screen.getByRole('button', { name: 'Submit OTF/RTF' })).toBeDisabled();
    expect(field('ZIP Code')).toBeDisabled();
    expect(
      screen.getByText('Your role in this organization can read submissions but not submit them.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'OTF/RTF submissions', busy: false }),
    ).toBeInTheDocument();
  });

  it('is the otfrtf tab of the app', async () => {
    storeSession();
    localStorage.setItem('active_cbo_id', '3');
    mockFetch({
      'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 3, org_role: 'staff' })),
      'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
      'GET /api/otf-rtf': () => jsonResponse(200, listOf([])),
    });
    renderApp({ path: '/otfrtf' });
    expect(await screen.findByRole('heading', { name: 'OTF/RTF Submission' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Submit OTF/RTF' })).toBeEnabled();
  });
});
