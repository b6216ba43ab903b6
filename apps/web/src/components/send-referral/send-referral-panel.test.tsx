import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFallbackMethods, type CommunicationMethod } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { makeMethod } from './method-fixture.ts';
import { SendReferralPanel } from './send-referral-panel.tsx';

const referral = {
  id: 42,
  referral_number: '4829301756',
  member_name: 'Rosa Achterberg',
  sdoh_needs: ['Food Assistance'],
  urgency: 'Within 1 Week',
  urgency_level: 'Urgent',
};
const provider = { id: 501, name: 'Bayview Food Pantry' };
const email = makeMethod({
  id: 12,
  method_type: 'email',
  contact_value: 'intake@bayview.example.org',
  priority: 95,
  verified: true,
  success_count: 3,
  failure_count: 1,
  success_rate: 75,
});
const phone = makeMethod({ id: 11, priority: 60 });

function routes(
  methods: CommunicationMethod[],
  extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {},
) {
  return mockFetch({
    'GET /api/provider-communication-methods': () => jsonResponse(200, { methods }),
    'GET /api/referral-communications': () => jsonResponse(200, { communications: [] }),
    ...extra,
  });
}

const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('Send-referral panel (001 §2.1, §2.2)', { timeout: 30_000 }, () => {
  it('lists the methods with counts, rate and priority, selects the first, and sends a non-blank message', async () => {
    storeSession();
    const onSent = vi.fn();
    const fetchMock = routes([email, phone], {
      'POST /api/referral-communications': () =>
        jsonResponse(200, {
          success: true,
          status: 'queued',
          method_type: 'email',
          contact_value: email.contact_value,
          message_id: 9,
          message: 'Communication sent successfully!',
          error: null,
        }),
    });
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} onSent={onSent} />);
    expect(screen.getByRole('heading', { name: 'Send Referral to Bayview Food Pantry' })).toBeInTheDocument();
    const first = await screen.findByRole('radio', { name: 'Email: intake@bayview.example.org' });
    expect(first).toBeChecked();
    const row = screen.getByTestId('method-12');
    expect(row).toHaveTextContent('Priority 95');
    expect(row).toHaveTextContent('3 sent · 1 failed · 75% success');
    expect(row).toHaveTextContent('Verified');
    expect(screen.getByText('Smart Priority Ranking')).toBeInTheDocument();
    // Stored methods exist: no discovery offered.
    expect(screen.queryByRole('button', { name: 'Discover Contacts' })).toBeNull();

    const send = screen.getByRole('button', { name: 'Send Referral' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Message'), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Message'), 'Please take this referral');
    await userEvent.click(send);
    expect(await screen.findByText('Communication sent successfully!')).toBeInTheDocument();
    // Issue #14: the notice names the method and contact the server actually used.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Bayview Food Pantry: Email to intake@bayview.example.org',
    );
    const [call] = callsTo(fetchMock, 'POST', '/api/referral-communications');
    expect(body(call![1])).toMatchObject({
      referral_id: 42,
      provider_id: 501,
      communication_method_id: 12,
      method_type: 'email',
      contact_value: 'intake@bayview.example.org',
      message_content: '   Please take this referral',
    });
    expect(onSent).toHaveBeenCalled();
  });

  it("fills the message from a template ('Use Template' / 'Hide Templates'), keeping what only the server knows", async () => {
    storeSession();
    routes([phone]);
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    await screen.findByRole('radio', { name: 'SMS / Phone: (510) 555-0100' });
    await userEvent.click(screen.getByRole('button', { name: 'Use Template' }));
    expect(screen.getByRole('button', { name: 'Hide Templates' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Brief' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Urgent' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Detailed' }));
    const message = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toContain(
      'Hello Bayview Food Pantry, you have a new referral #4829301756 for Rosa Achterberg',
    );
    expect(message.value).toContain('within 48 hours');
    // Issue #14: the urgency as the coordinator chose it, not the spec's Urgent.
    expect(message.value).toContain('Urgency: Within 1 Week.');
    expect(screen.getByRole('button', { name: 'Send Referral' })).toBeEnabled();
  });

  it('shows the send error in a red box and keeps the message', async () => {
    storeSession();
    routes([phone], {
      'POST /api/referral-communications': () =>
        errorResponse(422, 'Provider phone number not available', 'rule_broken'),
    });
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    await screen.findByRole('radio', { name: 'SMS / Phone: (510) 555-0100' });
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Referral' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Provider phone number not available');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('verifies a stored method and says so; directory fallbacks have no verify or preferred actions', async () => {
    storeSession();
    const fetchMock = routes([phone], {
      'PUT /api/provider-communication-methods/11': () =>
        jsonResponse(200, { ...phone, verified: true, priority: 80 }),
    });
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    await screen.findByRole('radio', { name: 'SMS / Phone: (510) 555-0100' });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Communication method verified successfully!')).toBeInTheDocument();
    expect(body(callsTo(fetchMock, 'PUT', '/api/provider-communication-methods/11')[0]![1])).toEqual({
      verified: true,
    });
  });

  it("offers 'Discover Contacts' when only directory fallbacks exist, and refetches the methods after it", async () => {
    storeSession();
    const fallbacks = buildFallbackMethods({
      id: 501,
      name: provider.name,
      phone: '(510) 555-0100',
      website: 'bayview.example.org',
    });
    let discovered = false;
    const fetchMock = mockFetch({
      'GET /api/provider-communication-methods': () =>
        jsonResponse(200, { methods: discovered ? [phone] : fallbacks }),
      'GET /api/provider-communication-methods/discover/501': () => {
        discovered = true;
        return jsonResponse(200, { success: true, discovered: 1, methods: [phone], error: null });
      },
      'GET /api/referral-communications': () => jsonResponse(200, { communications: [] }),
    });
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    const web = await screen.findByRole('radio', { name: 'Web Form: https://bayview.example.org' });
    expect(web).toBeChecked();
    // A web form is filled from the referral by the server's browser: no message to write, Send is ready.
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByText(/fills the provider's web form from this referral/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Referral' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set as preferred' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Discover Contacts' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Discover Contacts' })).toBeNull());
    expect(callsTo(fetchMock, 'GET', '/api/provider-communication-methods').length).toBeGreaterThan(1);
  });

  it("says 'No contact methods available' when the provider has none", async () => {
    storeSession();
    routes([]);
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    expect(await screen.findByText('No contact methods available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discover Contacts' })).toBeInTheDocument();
  });

  it('lists what was sent to the provider with its delivery error', async () => {
    storeSession();
    mockFetch({
      'GET /api/provider-communication-methods': () => jsonResponse(200, { methods: [phone] }),
      'GET /api/referral-communications': () =>
        jsonResponse(200, {
          communications: [
            {
              id: 5,
              referral_id: 42,
              provider_id: 501,
              communication_method_id: 11,
              method_type: 'sms',
              status: 'failed',
              message_content: 'Hi',
              subject: null,
              contact_value: '(510) 555-0100',
              sent_at: null,
              delivered_at: null,
              created_at: '2026-11-24T10:00:00.000Z',
              success: false,
              error_message: '21211 invalid To number',
              phi_included: false,
            },
          ],
        }),
    });
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    expect(await screen.findByText('21211 invalid To number')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
    expect(screen.getByText('SMS to (510) 555-0100')).toBeInTheDocument();
  });

  it("marks a number that answered STOP 'Opted out (STOP)' and offers no SMS send to it", async () => {
    storeSession();
    const fetchMock = routes([makeMethod({ id: 11, priority: 60, opted_out: true }), email]);
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    const row = await screen.findByTestId('method-11');
    expect(row).toHaveTextContent('Opted out (STOP)');
    await userEvent.click(screen.getByRole('radio', { name: 'SMS / Phone: (510) 555-0100' }));
    expect(screen.getByText(/This number answered STOP/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message'), 'Please take this referral');
    expect(screen.getByRole('button', { name: 'Send Referral' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', '/api/referral-communications')).toHaveLength(0);
    // The email method still sends.
    expect(screen.getByTestId('method-12')).not.toHaveTextContent('Opted out');
  });

  it('names an SMS send as SMS to the number the server used', async () => {
    storeSession();
    routes([phone], {
      'POST /api/referral-communications': () =>
        jsonResponse(200, {
          success: true,
          status: 'queued',
          method_type: 'phone',
          contact_value: '(510) 555-0100',
          message_id: 10,
          message: 'Communication sent successfully!',
          error: null,
        }),
    });
    renderWithProviders(<SendReferralPanel referral={referral} provider={provider} />);
    await screen.findByRole('radio', { name: 'SMS / Phone: (510) 555-0100' });
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Referral' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Communication sent successfully!');
    expect(notice).toHaveTextContent('Bayview Food Pantry: SMS to (510) 555-0100');
  });
});
