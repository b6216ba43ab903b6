import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { makeMatchedProviderEntry } from '../../test/matching-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { makeMethod } from './method-fixture.ts';
import { SendToProvidersDialog } from './send-to-providers-dialog.tsx';

const entry = makeMatchedProviderEntry;

const far = entry({ provider_id: 2, provider_name: 'Harbor Rides Collective', distance_miles: 7.1, rank: 2 });
const near = entry({ provider_id: 1, provider_name: 'Bayview Food Pantry', distance_miles: 2.4, rank: 1 });
const done = entry({ provider_id: 3, provider_name: 'Old Answer', status: 'not_selected', rank: 3 });

const methodsOf: Record<string, ReturnType<typeof makeMethod>[]> = {
  '1': [
    makeMethod({ id: 11, provider_id: 1, contact_value: '(510) 555-0100' }),
    makeMethod({
      id: -3,
      provider_id: 1,
      method_type: 'web_form',
      contact_value: 'https://bayview.example.org',
      priority: 100,
    }),
  ],
  '2': [
    makeMethod({
      id: 21,
      provider_id: 2,
      method_type: 'email',
      contact_value: 'rides@harbor.example.org',
      priority: 80,
    }),
  ],
};

function routes(
  send = () =>
    jsonResponse(200, {
      success: true,
      message: 'Referral sent to 2 providers via their preferred communication methods',
      sent: 2,
      // The methods the server actually used (not necessarily the preferred ones).
      results: [
        {
          provider_id: 1,
          status: 'queued',
          method_type: 'phone',
          contact_value: '(510) 555-0100',
          message_id: 7,
          error: null,
        },
        {
          provider_id: 2,
          status: 'queued',
          method_type: 'email',
          contact_value: 'rides@harbor.example.org',
          message_id: 8,
          error: null,
        },
      ],
    }),
) {
  return mockFetch({
    'GET /api/provider-communication-methods': (_init, url) =>
      jsonResponse(200, {
        methods: methodsOf[new URL(url, 'http://x').searchParams.get('provider_id') ?? ''] ?? [],
      }),
    'POST /api/referrals/42/send-to-providers': send,
  });
}

describe("'Send Referral to N Providers' dialog (001 §2.8)", { timeout: 30_000 }, () => {
  it("numbers the providers nearest first, counts 'X of N providers ready' and enables Send only when all have a method", async () => {
    storeSession();
    const onSent = vi.fn();
    const onClose = vi.fn();
    const fetchMock = routes();
    renderWithProviders(
      <SendToProvidersDialog
        referral={{ id: 42 }}
        providers={[far, near, done]}
        opened
        onClose={onClose}
        onSent={onSent}
      />,
    );
    expect(await screen.findByText('Send Referral to 2 Providers')).toBeInTheDocument();
    expect(screen.getByText('1. Bayview Food Pantry')).toBeInTheDocument();
    expect(screen.getByText('2. Harbor Rides Collective')).toBeInTheDocument();
    expect(screen.queryByText(/Old Answer/)).toBeNull();
    expect(screen.getByTestId('providers-ready')).toHaveTextContent('0 of 2 providers ready');
    const send = screen.getByRole('button', { name: 'Send to 2 Providers' });
    expect(send).toBeDisabled();

    // A web form is a method like the others (the server's browser fills it).
    const webForm = await screen.findByRole('radio', { name: 'Web Form: https://bayview.example.org' });
    expect(webForm).toBeEnabled();
    await userEvent.click(webForm);
    expect(screen.getByTestId('providers-ready')).toHaveTextContent('1 of 2 providers ready');
    await userEvent.click(screen.getByRole('radio', { name: 'SMS / Phone: (510) 555-0100' }));
    expect(screen.getByTestId('providers-ready')).toHaveTextContent('1 of 2 providers ready');
    expect(send).toBeDisabled();
    await userEvent.click(await screen.findByRole('radio', { name: 'Email: rides@harbor.example.org' }));
    expect(screen.getByTestId('providers-ready')).toHaveTextContent('2 of 2 providers ready');
    expect(send).toBeEnabled();

    await userEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(onSent.mock.calls[0]![0].message).toBe(
      'Referral sent to 2 providers via their preferred communication methods',
    );
    // Issue #14: the spec's summary stays, and each provider's line names the method actually used.
    const dialog = screen.getByRole('dialog', { name: 'Send Referral to 2 Providers' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Referral sent to 2 providers via their preferred communication methods',
    );
    const results = within(dialog).getByRole('list', { name: 'Send results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bayview Food Pantry: SMS to (510) 555-0100',
      'Harbor Rides Collective: Email to rides@harbor.example.org',
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Send to 2 Providers' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    const [call] = callsTo(fetchMock, 'POST', '/api/referrals/42/send-to-providers');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      providers: [
        {
          provider_id: 1,
          communication_method_id: 11,
          method_type: 'phone',
          contact_value: '(510) 555-0100',
        },
        {
          provider_id: 2,
          communication_method_id: 21,
          method_type: 'email',
          contact_value: 'rides@harbor.example.org',
        },
      ],
    });
  });

  it("chooses a provider's preferred method for it", async () => {
    storeSession();
    methodsOf['2'] = [
      makeMethod({
        id: 22,
        provider_id: 2,
        method_type: 'email',
        contact_value: 'pref@harbor.example.org',
        is_preferred: true,
      }),
    ];
    routes();
    renderWithProviders(
      <SendToProvidersDialog referral={{ id: 42 }} providers={[far]} opened onClose={() => {}} />,
    );
    expect(await screen.findByRole('radio', { name: 'Email: pref@harbor.example.org' })).toBeChecked();
    expect(screen.getByTestId('providers-ready')).toHaveTextContent('1 of 1 providers ready');
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    storeSession();
    methodsOf['2'] = [
      makeMethod({ id: 21, provider_id: 2, method_type: 'email', contact_value: 'rides@harbor.example.org' }),
    ];
    const onClose = vi.fn();
    routes(() => errorResponse(422, 'No matched providers to send to', 'rule_broken'));
    renderWithProviders(
      <SendToProvidersDialog referral={{ id: 42 }} providers={[far]} opened onClose={onClose} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Email: rides@harbor.example.org' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send to 1 Providers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No matched providers to send to');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's message for a provider's method and keeps the dialog open", async () => {
    storeSession();
    methodsOf['2'] = [
      makeMethod({ id: 21, provider_id: 2, method_type: 'email', contact_value: 'rides@harbor.example.org' }),
    ];
    const onClose = vi.fn();
    routes(() =>
      jsonResponse(400, {
        code: 'validation_failed',
        detail: 'Invalid body. providers.0.contact_value: Contact is too long',
        message: 'Invalid body. providers.0.contact_value: Contact is too long',
        error: 'Invalid body. providers.0.contact_value: Contact is too long',
        fields: { 'providers.0.contact_value': 'Contact is too long' },
      }),
    );
    renderWithProviders(
      <SendToProvidersDialog referral={{ id: 42 }} providers={[far]} opened onClose={onClose} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Email: rides@harbor.example.org' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send to 1 Providers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Contact is too long$/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'No matched providers to send to' when none is open", async () => {
    storeSession();
    routes();
    renderWithProviders(
      <SendToProvidersDialog
        referral={{ id: 42 }}
        // Issue #14: a provider that declined or let its window pass is never sent the referral again.
        providers={[
          done,
          entry({ provider_id: 4, provider_name: 'Declined One', status: 'declined' }),
          entry({ provider_id: 5, provider_name: 'Silent One', status: 'expired' }),
        ]}
        opened
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No matched providers to send to')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send to 0 Providers' })).toBeDisabled();
    expect(within(dialog).queryByText(/Declined One|Silent One/)).toBeNull();
  });

  it("does not offer an opted-out number ('Opted out (STOP)')", async () => {
    storeSession();
    const before = methodsOf['1'];
    methodsOf['1'] = [
      makeMethod({
        id: 11,
        provider_id: 1,
        contact_value: '(510) 555-0100',
        opted_out: true,
        is_preferred: true,
      }),
    ];
    onTestFinished(() => {
      methodsOf['1'] = before!;
    });
    routes();
    renderWithProviders(
      <SendToProvidersDialog
        referral={{ id: 42, referral_number: '4829301756' }}
        providers={[near]}
        opened
        onClose={vi.fn()}
      />,
    );
    const radio = await screen.findByRole('radio', { name: 'SMS / Phone: (510) 555-0100' });
    expect(radio).toBeDisabled();
    expect(radio).not.toBeChecked();
    expect(screen.getByText('Opted out (STOP)')).toBeInTheDocument();
  });

  it('names a web form and a failed send in the results', async () => {
    storeSession();
    methodsOf['2'] = [
      makeMethod({ id: 21, provider_id: 2, method_type: 'email', contact_value: 'rides@harbor.example.org' }),
    ];
    routes(() =>
      jsonResponse(200, {
        success: true,
        message: 'Referral sent to 2 providers via their preferred communication methods',
        sent: 2,
        results: [
          {
            provider_id: 1,
            status: 'queued',
            method_type: 'web_form',
            contact_value: 'https://bayview.example.org',
            message_id: null,
            error: null,
          },
          {
            provider_id: 2,
            status: 'failed',
            method_type: 'email',
            contact_value: 'rides@harbor.example.org',
            message_id: 9,
            error: 'Mailbox unavailable',
          },
        ],
      }),
    );
    renderWithProviders(
      <SendToProvidersDialog referral={{ id: 42 }} providers={[near, far]} opened onClose={() => {}} />,
    );
    await userEvent.click(
      await screen.findByRole('radio', { name: 'Web Form: https://bayview.example.org' }),
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Email: rides@harbor.example.org' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 Providers' }));
    const results = await screen.findByRole('list', { name: 'Send results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bayview Food Pantry: Web form',
      'Harbor Rides Collective: Email to rides@harbor.example.org (failed: Mailbox unavailable)',
    ]);
  });
});
