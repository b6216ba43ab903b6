import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Communication } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  conversationList,
  makeCommunication,
  makeConversation,
} from '../../components/communications/communication-fixtures.ts';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse } from '../../test/fetch-mock.ts';
import { makeMatchedReferral, makeReferral } from '../../test/referral-fixtures.ts';
import { makeEvent, renderWorkspace } from './workspace-test-utils.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

afterEach(() => notifications.clean());

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

describe('Case Workspace tabs (000 §2.7)', { timeout: 30_000 }, () => {
  it('offers Timeline, Notes, Communications, Contacts and Documents, and a Case Status card', async () => {
    renderWorkspace();
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Timeline', 'Notes', 'Communications', 'Contacts', 'Documents']);
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Case Status' })).toBeInTheDocument();
  });

  it('on a phone: one column, tabs that scroll sideways, Case Status after the tabs', async () => {
    renderWorkspace({ width: 375 });
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' });
    expect(tabs).toHaveStyle({ flexWrap: 'nowrap', overflowX: 'auto' });
    const status = screen.getByRole('region', { name: 'Case Status' });
    expect(tabs.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens the case notes of the referral on the Notes tab', async () => {
    const { fetchMock } = renderWorkspace({
      routes: {
        'GET /api/case-notes': () =>
          jsonResponse(200, { notes: [], total: 0, page: 1, page_size: 50, can_add: true }),
      },
    });
    await openTab('Notes');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/case-notes').length).toBeGreaterThan(0));
    const [url] = callsTo(fetchMock, 'GET', '/api/case-notes')[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('referral_id')).toBe('101');
  });
});

describe('Documents tab', { timeout: 30_000 }, () => {
  it("shows the referral's documents panel", async () => {
    const { fetchMock } = renderWorkspace({
      routes: {
        'GET /api/referrals/101/documents': () =>
          jsonResponse(200, {
            documents: [],
            can_upload: true,
            max_file_size: 10_485_760,
            total: 0,
            page: 1,
            page_size: 50,
          }),
      },
    });
    await openTab('Documents');
    expect(await screen.findByText('No documents uploaded')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/referrals/101/documents').length).toBeGreaterThan(0);
  });
});

function communicationPage(list: Communication[]) {
  return { communications: list, total: list.length, page: 1, page_size: 50 };
}

const noThreads = () => jsonResponse(200, conversationList([]));

describe('Communications tab', { timeout: 30_000 }, () => {
  it("shows the referral's conversations and every communication of every channel", async () => {
    const { fetchMock } = renderWorkspace({
      routes: {
        'GET /api/conversations': () =>
          jsonResponse(
            200,
            conversationList([makeConversation({ unread_count: 1, last_message: 'YES 4821093756' })]),
          ),
        'GET /api/communications': () =>
          jsonResponse(
            200,
            communicationPage([
              makeCommunication({
                id: 5,
                method_type: 'voice',
                category: 'voicemail',
                direction: 'inbound',
                status: 'received',
                message_content: 'Hi, this is Marigold calling back about the referral.',
                from_address: '(213) 555-0170',
              }),
              makeCommunication({
                id: 4,
                method_type: 'voice',
                category: 'call',
                status: 'no_answer',
                message_content: null,
              }),
              makeCommunication({
                id: 3,
                method_type: 'email',
                category: 'referral_phi',
                subject: 'New referral 4821093756: member details',
                message_content: null,
                phi_included: true,
                status: 'queued',
                delivered_at: null,
              }),
              makeCommunication({
                id: 2,
                status: 'failed',
                success: false,
                error_message: 'Carrier rejected the number',
                delivered_at: null,
              }),
              makeCommunication({
                id: 1,
                direction: 'inbound',
                status: 'received',
                message_content: 'YES 4821093756',
              }),
            ]),
          ),
      },
    });
    await openTab('Communications');
    const inbox = await screen.findByRole('region', { name: 'Communications' });
    expect(within(inbox).getByText('All communications for this referral')).toBeInTheDocument();
    expect(
      await within(inbox).findByRole('listitem', { name: 'Marigold Community Pantry' }),
    ).toHaveTextContent('YES 4821093756');
    const records = await screen.findByRole('list', { name: 'Communication records' });
    const rows = within(records).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveAccessibleName('Voicemail, inbound');
    expect(rows[0]).toHaveTextContent('Hi, this is Marigold calling back about the referral.');
    expect(rows[1]).toHaveAccessibleName('Call, outbound');
    expect(within(rows[1]!).getByText('No answer')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('New referral 4821093756: member details');
    expect(rows[2]).toHaveTextContent('Contains protected health information');
    expect(within(rows[2]!).getByText('Queued')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Failed')).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent('Error: Carrier rejected the number');
    expect(rows[4]).toHaveAccessibleName('SMS, inbound');
    expect(rows[4]).toHaveTextContent('from Marigold Community Pantry');
    expect(rows[4]).toHaveTextContent(`Sent ${new Date('2026-11-21T09:00:05.000Z').toLocaleString()}`);
    const [url] = callsTo(fetchMock, 'GET', '/api/communications')[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('referral_id')).toBe('101');
  });

  it('says so when nothing was sent yet', async () => {
    renderWorkspace({
      routes: {
        'GET /api/conversations': noThreads,
        'GET /api/communications': () => jsonResponse(200, communicationPage([])),
      },
    });
    await openTab('Communications');
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(await screen.findByText('No communications yet')).toBeInTheDocument();
  });

  it('shows the web-form submissions with their status and screenshots', async () => {
    renderWorkspace({
      routes: {
        'GET /api/conversations': noThreads,
        'GET /api/communications': () => jsonResponse(200, communicationPage([])),
        'GET /api/referrals/101/screenshots': () =>
          jsonResponse(200, {
            screenshots: [
              {
                id: 5,
                created_at: '2026-11-21T09:05:00.000Z',
                status: 'submitted',
                fields_filled: { name: true, phone: true, notes: false },
                screenshot_before: 'iVBORw0KGgoBEFORE',
                screenshot_after: 'iVBORw0KGgoAFTER',
                submission_success: false,
                form_submitted: true,
                page_url: 'https://bayview.example.test/intake',
                page_title: 'Intake form',
                message: null,
                error: 'Captcha required',
              },
            ],
            total: 1,
            page: 1,
            page_size: 10,
          }),
      },
    });
    await openTab('Communications');
    const section = await screen.findByRole('region', { name: 'Web Form Submissions' });
    expect(within(section).getByText('Attempted')).toBeInTheDocument();
    expect(section).toHaveTextContent('2 of 3 fields filled');
    expect(section).toHaveTextContent('Error: Captcha required');
    expect(within(section).getByRole('img', { name: 'Form before filling' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgoBEFORE',
    );
  });

  it('refreshes when the server says a communication of the referral was recorded', async () => {
    let records = communicationPage([]);
    const { fetchMock } = renderWorkspace({
      routes: {
        'GET /api/conversations': noThreads,
        'GET /api/communications': () => jsonResponse(200, records),
      },
    });
    await openTab('Communications');
    await screen.findByText('No communications yet');
    records = communicationPage([makeCommunication()]);
    emitEvent('communication.created', {
      id: 900,
      conversation_id: 71,
      referral_id: 101,
      provider_id: 501,
      method_type: 'sms',
      direction: 'outbound',
      status: 'queued',
    });
    expect(await screen.findByRole('list', { name: 'Communication records' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/communications').length).toBeGreaterThanOrEqual(2);
  });
});

describe('Contacts tab', { timeout: 30_000 }, () => {
  it("shows the member's contact details and saves the emergency contact", async () => {
    let sent: unknown = null;
    const { fetchMock } = renderWorkspace({
      routes: {
        'PUT /api/referrals/101/contact': (init) => {
          sent = JSON.parse(String(init.body));
          return jsonResponse(
            200,
            makeReferral({
              emergency_contact_name: 'Rosa Okonkwo',
              emergency_contact_phone: '(213) 555-0188',
            }),
          );
        },
      },
    });
    await openTab('Contacts');
    const member = await screen.findByRole('region', { name: 'Member Contact' });
    expect(member).toHaveTextContent('(213) 555-0147');
    expect(member).toHaveTextContent('imani.or@example.test');
    expect(member).toHaveTextContent('Weekdays 9am-5pm');

    await userEvent.type(screen.getByLabelText('Emergency Contact Name'), 'Rosa Okonkwo');
    const phone = screen.getByLabelText('Emergency Phone');
    await userEvent.type(phone, '2135550188');
    // 000 §5.3: formatted as it is typed.
    expect(phone).toHaveValue('(213) 555-0188');
    await userEvent.click(screen.getByRole('button', { name: 'Save Contact Information' }));
    expect(await screen.findByText('Contact information saved.')).toBeInTheDocument();
    expect(sent).toEqual({
      emergency_contact_name: 'Rosa Okonkwo',
      emergency_contact_phone: '(213) 555-0188',
    });
    expect(callsTo(fetchMock, 'PUT', '/api/referrals/101/contact')).toHaveLength(1);
  });

  it("puts the server's field messages under the inputs", async () => {
    const { fetchMock } = renderWorkspace({
      referral: makeReferral({ emergency_contact_name: 'Rosa', emergency_contact_phone: '(213) 555-0188' }),
      routes: {
        'PUT /api/referrals/101/contact': () =>
          jsonResponse(400, {
            code: 'validation_failed',
            detail: 'Check the highlighted fields.',
            message: 'Check the highlighted fields.',
            error: 'Check the highlighted fields.',
            fields: { emergency_contact_phone: 'Enter a 10-digit phone number.' },
          }),
      },
    });
    await openTab('Contacts');
    expect(await screen.findByLabelText('Emergency Contact Name')).toHaveValue('Rosa');
    const phone = screen.getByLabelText('Emergency Phone');
    expect(phone).toHaveValue('(213) 555-0188');
    await userEvent.clear(phone);
    await userEvent.type(phone, '213555');
    await userEvent.click(screen.getByRole('button', { name: 'Save Contact Information' }));
    expect(await screen.findByText('Enter a 10-digit phone number.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // The shared schema said so before sending; a number it accepts goes to the server, whose message lands
    // on the same input.
    expect(callsTo(fetchMock, 'PUT', '/api/referrals/101/contact')).toHaveLength(0);
    await userEvent.type(phone, '0199');
    await userEvent.click(screen.getByRole('button', { name: 'Save Contact Information' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/referrals/101/contact')).toHaveLength(1));
    expect(await screen.findByText('Enter a 10-digit phone number.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Check the highlighted fields.')).not.toBeInTheDocument();
  });

  it('refills untouched inputs when someone else saves the contact', async () => {
    let contact: string | null = null;
    renderWorkspace({
      referral: () => jsonResponse(200, makeReferral({ emergency_contact_name: contact })),
    });
    await openTab('Contacts');
    const name = await screen.findByLabelText('Emergency Contact Name');
    expect(name).toHaveValue('');
    contact = 'Rosa Okonkwo';
    emitEvent('referral.changed', { id: 101, change: 'contact_updated' });
    await waitFor(() => expect(name).toHaveValue('Rosa Okonkwo'));
  });

  it("shows the values read-only to the matched provider's organization", async () => {
    renderWorkspace({
      referral: makeMatchedReferral({
        viewer_role: 'provider',
        emergency_contact_name: 'Rosa',
        emergency_contact_phone: '(213) 555-0188',
      }),
    });
    await openTab('Contacts');
    const name = await screen.findByLabelText('Emergency Contact Name');
    expect(name).toHaveValue('Rosa');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Emergency Phone')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Contact Information' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Only the organization that created this referral can change its emergency contact.'),
    ).toBeInTheDocument();
  });
});

describe('Case Status card', { timeout: 30_000 }, () => {
  /** The steps Change status offers the organization (the select's options after its placeholder). */
  function offeredSteps(card: HTMLElement) {
    const select = within(card).getByRole('combobox', { name: /^Change the status of referral/ });
    return within(select)
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
  }
  async function chooseStep(card: HTMLElement, step: string) {
    const select = within(card).getByRole('combobox', { name: /^Change the status of referral/ });
    await userEvent.selectOptions(select, step);
    return screen.findByRole('dialog');
  }

  it("the provider's organization marks In Progress after a confirmation that says what will happen", async () => {
    let status = 'accepted';
    let sent: unknown = null;
    const provider = { viewer_role: 'provider' as const, acceptance_status: 'accepted' };
    const { fetchMock } = renderWorkspace({
      referral: () => jsonResponse(200, makeMatchedReferral({ ...provider, status })),
      events: () =>
        jsonResponse(200, {
          events:
            status === 'in_progress'
              ? [
                  makeEvent('status_changed', new Date().toISOString(), {
                    id: 700,
                    from_status: 'accepted',
                    to_status: 'in_progress',
                    actor_name: 'Dana Rivers',
                  }),
                ]
              : [],
        }),
      routes: {
        'PUT /api/referrals/101': (init) => {
          sent = JSON.parse(String(init.body));
          status = 'in_progress';
          return jsonResponse(200, makeMatchedReferral({ ...provider, status }));
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Case Status' });
    expect(offeredSteps(card)).toEqual(['Mark In Progress', 'Put On Hold', 'Mark Completed']);
    const dialog = await chooseStep(card, 'Mark In Progress');
    expect(dialog).toHaveAccessibleName(/^Mark In Progress: referral #/);
    expect(dialog).toHaveTextContent('Accepted → In Progress.');
    expect(dialog).toHaveTextContent('The referring organization sees at once that the service has started.');
    expect(callsTo(fetchMock, 'PUT', '/api/referrals/101')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark In Progress' }));

    expect(await screen.findByText('Status updated to "In Progress"!')).toBeInTheDocument();
    expect(sent).toMatchObject({ status: 'in_progress', updated_at: expect.any(String) });
    // The timeline shows the change and who made it, without reloading the page.
    const timeline = await screen.findByRole('list', { name: 'Case Timeline' });
    expect(await within(timeline).findByText('Services In Progress')).toBeInTheDocument();
    expect(timeline).toHaveTextContent('Dana Rivers');
  });

  it('Completed needs an outcome, sent with the note', async () => {
    let sent: Record<string, unknown> | null = null;
    renderWorkspace({
      referral: makeMatchedReferral({
        viewer_role: 'provider',
        status: 'in_progress',
        acceptance_status: 'accepted',
      }),
      routes: {
        'PUT /api/referrals/101': (init) => {
          sent = JSON.parse(String(init.body));
          return jsonResponse(200, makeMatchedReferral({ status: 'completed', outcome: 'service_provided' }));
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Case Status' });
    const dialog = await chooseStep(card, 'Mark Completed');
    const confirm = within(dialog).getByRole('button', { name: 'Mark Completed' });
    expect(confirm).toBeDisabled();
    const outcome = within(dialog).getByLabelText('Outcome', { exact: false, selector: 'input' });
    await userEvent.click(outcome);
    const listbox = document.getElementById(outcome.getAttribute('aria-controls') ?? '');
    await userEvent.click(within(listbox!).getByRole('option', { name: 'Service provided', hidden: true }));
    await userEvent.type(within(dialog).getByLabelText('Note', { exact: false }), 'Enrolled in the program');
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      status: 'completed',
      outcome: 'service_provided',
      note: 'Enrolled in the program',
    });
  });

  it('the referrer is offered only its own steps, and cancels only with a reason', async () => {
    renderWorkspace({
      referral: makeMatchedReferral({ status: 'accepted', acceptance_status: 'accepted' }),
      routes: {
        'PUT /api/referrals/101': () =>
          jsonResponse(200, makeMatchedReferral({ status: 'cancelled', cancellation_reason: 'Moved away' })),
      },
    });
    const card = await screen.findByRole('region', { name: 'Case Status' });
    expect(offeredSteps(card)).toEqual(['Authorize', 'Cancel Referral']);
    const dialog = await chooseStep(card, 'Cancel Referral');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel Referral' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Moved away');
    expect(confirm).toBeEnabled();
  });

  it('tells a refused update apart from an unreachable server', async () => {
    let reachable = true;
    renderWorkspace({
      referral: makeMatchedReferral({ status: 'accepted', acceptance_status: 'accepted' }),
      routes: {
        'PUT /api/referrals/101': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return errorResponse(
            409,
            'This referral is Completed; it cannot be set to Authorized. Nothing you may do changes its status from Completed.',
            'conflict',
          );
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Case Status' });
    const dialog = await chooseStep(card, 'Authorize');
    expect(dialog).toHaveTextContent('The member will be texted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Authorize' }));
    expect(await within(dialog).findByText('Failed to update status. Please try again.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('This referral is Completed; it cannot be set to Authorized.');

    reachable = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Authorize' }));
    expect(await within(dialog).findByText('Error updating status. Please try again.')).toBeInTheDocument();
  });

  it('shows how a closed referral ended, with no step left to take', async () => {
    renderWorkspace({
      referral: makeMatchedReferral({
        status: 'completed',
        acceptance_status: 'accepted',
        outcome: 'unable_to_reach',
        outcome_note: 'Three calls, no answer',
      }),
    });
    const card = await screen.findByRole('region', { name: 'Case Status' });
    expect(card).toHaveTextContent('Outcome: Unable to reach member');
    expect(card).toHaveTextContent('Three calls, no answer');
    expect(within(card).queryByRole('combobox', { name: /^Change the status/ })).toBeNull();
    expect(card).toHaveTextContent(
      "Nothing your organization may do changes this referral's status from Completed",
    );
  });

  it('is read-only for a viewer of the owning organization', async () => {
    renderWorkspace({ orgRole: 'viewer' });
    const card = await screen.findByRole('region', { name: 'Case Status' });
    expect(within(card).queryByRole('combobox', { name: /^Change the status/ })).toBeNull();
    expect(card).toHaveTextContent('Your role in this organization can read this case but not change it.');
  });
});
