import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSavedProvider } from '../../components/provider/provider-fixtures.ts';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { makeMe, storeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => notifications.clean());

function renderForm(post: RouteHandler) {
  storeSession();
  localStorage.setItem('active_cbo_id', '1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => jsonResponse(200, makeMe({ active_cbo_id: 1, org_role: 'staff' })),
    'GET /api/cbos/users/me/organizations': () => jsonResponse(200, []),
    'GET /api/saved-providers': () => jsonResponse(200, { providers: [], total: 0, page: 1, page_size: 500 }),
    'POST /api/saved-providers': post,
  });
  renderApp({ path: '/directory' });
  return { fetchMock };
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add New Provider' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Provider' });
  return { user, dialog };
}

/** Opens a Select or MultiSelect and picks an option of its own list (jsdom keeps the dropdown hidden). */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const dialog = screen.getByRole('dialog', { name: 'Add New Provider' });
  const input = within(dialog).getByLabelText(label, { exact: false, selector: 'input:not([type=hidden])' });
  await user.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  await user.click(within(listbox!).getByRole('option', { name: option, hidden: true }));
}

describe('Add New Provider (001 §2.4, §5)', { timeout: 30_000 }, () => {
  it('shows every required-field message together and sends nothing', async () => {
    const { fetchMock } = renderForm(() => jsonResponse(201, makeSavedProvider()));
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Save Provider' }));
    for (const message of [
      'Organization name is required',
      'Organization type is required',
      'Street address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Phone number is required',
      'Please select at least one service',
      'Please select at least one language',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(callsTo(fetchMock, 'POST', '/api/saved-providers')).toHaveLength(0);
  });

  it("saves a filled form with the 'Provider Saved!' toast, and shows a 409 as already saved", async () => {
    let calls = 0;
    const { fetchMock } = renderForm((init) => {
      calls += 1;
      const body = JSON.parse(String(init.body));
      return calls === 1
        ? jsonResponse(
            201,
            makeSavedProvider({ ...body, id: 900, source: 'user', verification_status: 'private' }),
          )
        : errorResponse(409, 'This provider is already saved', 'conflict');
    });
    const fill = async () => {
      const { user, dialog } = await openForm();
      await user.type(within(dialog).getByRole('textbox', { name: /Organization name/ }), 'Eastside Pantry');
      await choose(user, 'Organization type', 'Food Bank');
      await user.type(within(dialog).getByRole('textbox', { name: /Street address/ }), '12 Main St');
      await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Los Angeles');
      await choose(user, 'State', 'California (CA)');
      await user.type(within(dialog).getByRole('textbox', { name: /ZIP code/ }), '90012');
      await user.type(within(dialog).getByRole('textbox', { name: /Phone number/ }), '2135550142');
      await choose(user, 'Services', 'Food Assistance');
      await choose(user, 'Languages', 'Spanish');
      await user.click(within(dialog).getByRole('button', { name: 'Save Provider' }));
      return dialog;
    };
    await fill();
    expect(await screen.findByText('Provider Saved!')).toBeInTheDocument();
    // Issue #12: the adder is told it stays private until verified.
    expect(screen.getByText(/until a platform operator verifies it/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/saved-providers');
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({
      organization_name: 'Eastside Pantry',
      organization_type: 'Food Bank',
      state: 'CA',
      zip_code: '90012',
      primary_phone: '2135550142',
      services: ['Food Assistance'],
      languages_spoken: ['Spanish'],
    });

    const dialog = await fill();
    expect(await within(dialog).findByText('This provider is already saved')).toBeInTheDocument();
  });
});
