import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeBillingActivity, makeProgram } from '../../test/program-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { BillingActivitiesModal } from './billing-activities-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const program = makeProgram();
const outreach = makeBillingActivity();
const assessment = makeBillingActivity({
  id: 12,
  activity_name: 'Comprehensive assessment',
  activity_type: 'assessment',
  hcpcs_code: null,
  cpt_code: '99490',
  modifier_1: null,
  billing_unit: '15_minutes',
  rate_per_unit: 62.18,
  max_units_per_day: null,
  max_units_per_month: null,
  requires_prior_auth: false,
  requires_supervision: true,
  is_active: false,
});
const listRoute = () => jsonResponse(200, [assessment, outreach]);

function render(canManage: boolean) {
  renderWithProviders(
    <BillingActivitiesModal program={program} canManage={canManage} onClose={() => undefined} />,
  );
  return screen.findByRole('dialog', { name: 'Billing Activities: Enhanced Care Management' });
}

describe('Billing Activities modal (002 §2, §3, §5)', { timeout: 30_000 }, () => {
  it("lists the program's activities with codes, rate, limits and requirements; read only for staff and viewers", async () => {
    mockFetch({ 'GET /api/programs/1/billing-activities': listRoute });
    const dialog = await render(false);
    const table = await within(dialog).findByRole('table', { name: 'Billing activities' });
    const row = within(table).getByText('ECM outreach attempt').closest('tr') as HTMLElement;
    expect(within(row).getByText('HCPCS G9008 mod U1')).toBeInTheDocument();
    expect(within(row).getByText('$40.00 · per encounter')).toBeInTheDocument();
    expect(within(row).getByText('1/day, 6/month')).toBeInTheDocument();
    expect(within(row).getByText('Prior auth')).toBeInTheDocument();
    const other = within(table).getByText('Comprehensive assessment').closest('tr') as HTMLElement;
    expect(within(other).getByText('$62.18 · 15 minutes')).toBeInTheDocument();
    expect(within(other).getByText('Inactive')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Billing Activity' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Edit ECM outreach attempt' }),
    ).not.toBeInTheDocument();
  });

  it('adds one: checks the required fields and the code shapes first, then sends the rate in dollars', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/1/billing-activities': listRoute,
      'POST /api/billing-activities': () => jsonResponse(201, makeBillingActivity({ id: 13 })),
    });
    const dialog = await render(true);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add Billing Activity' }));
    const form = within(dialog).getByRole('form', { name: 'Add billing activity' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add Activity' }));
    expect(await within(form).findByText('Activity name is required')).toBeInTheDocument();
    expect(within(form).getByText('Billing unit is required')).toBeInTheDocument();
    expect(within(form).getByText('Rate per unit is required')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: /Activity name/ }), 'Housing navigation');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /Billing unit/ }), '15 minutes');
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: /Activity type/ }),
      'Case Management',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: /Rate per unit/ }), '18.75');
    await userEvent.type(within(form).getByRole('textbox', { name: 'CPT code' }), '1234X');
    await userEvent.type(within(form).getByRole('textbox', { name: 'HCPCS code' }), '0043H');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Activity' }));
    expect(await within(form).findByText(/A CPT code is 5 characters/)).toBeInTheDocument();
    expect(
      within(form).getByText('A HCPCS code is one letter and 4 digits, such as G9008'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/billing-activities')).toHaveLength(0);

    await userEvent.clear(within(form).getByRole('textbox', { name: 'CPT code' }));
    await userEvent.clear(within(form).getByRole('textbox', { name: 'HCPCS code' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'HCPCS code' }), 'h0043');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Max units per day' }), '16');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Requires prior authorization' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add Activity' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/billing-activities')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/billing-activities')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      program_id: 1,
      activity_name: 'Housing navigation',
      activity_type: 'case_management',
      billing_unit: '15_minutes',
      rate_per_unit: 18.75,
      hcpcs_code: 'H0043',
      cpt_code: null,
      max_units_per_day: 16,
      max_units_per_month: null,
      requires_prior_auth: true,
    });
    // Back to the list once saved.
    expect(await within(dialog).findByRole('table', { name: 'Billing activities' })).toBeInTheDocument();
  });

  it('edits one without sending its program, and deletes one after a confirmation', async () => {
    const fetchMock = mockFetch({
      'GET /api/programs/1/billing-activities': listRoute,
      'PUT /api/billing-activities/11': () => jsonResponse(200, makeBillingActivity({ rate_per_unit: 45 })),
      'DELETE /api/billing-activities/12': () =>
        jsonResponse(200, { message: 'Billing activity deleted', id: 12 }),
    });
    const dialog = await render(true);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Edit ECM outreach attempt' }));
    const form = within(dialog).getByRole('form', { name: 'Edit billing activity' });
    const rate = within(form).getByRole('textbox', { name: /Rate per unit/ });
    expect(rate).toHaveValue('$40');
    await userEvent.clear(rate);
    await userEvent.type(rate, '45');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/billing-activities/11')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', '/api/billing-activities/11')[0] ?? [];
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      rate_per_unit: 45,
      hcpcs_code: 'G9008',
      activity_name: 'ECM outreach attempt',
    });
    expect(body).not.toHaveProperty('program_id');

    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Delete Comprehensive assessment' }),
    );
    const question = within(dialog).getByRole('alertdialog', { name: 'Delete billing activity' });
    expect(question).toHaveTextContent(
      'Delete the billing activity Comprehensive assessment? This cannot be undone.',
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/billing-activities/12')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/billing-activities/12')).toHaveLength(1));
  });
});
