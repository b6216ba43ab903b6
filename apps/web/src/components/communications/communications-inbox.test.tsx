import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNICATION_MESSAGES, type Conversation } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, mockFetch, type RouteHandler } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { makeReferral, makeReferralList } from '../../test/referral-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import {
  conversationList,
  emailConversation,
  makeConversation,
  makeEmail,
  makeSmsMessage,
  smsConversation,
} from './communication-fixtures.ts';
import { CommunicationsInbox, type InboxScope } from './communications-inbox.tsx';

const long = `We can take her on Tuesday at ten; please ask her to bring her ID and proof of address, and the letter.`;
const sms = makeConversation({ id: 71, last_message: long, unread_count: 2 });
const email = makeConversation({
  id: 81,
  method_type: 'email',
  provider_name: 'Harborlight Shelter',
  provider_id: 502,
  contact_value: 'intake@harborlight.example.org',
  last_message: 'Thank you for the referral',
  unread_count: 1,
});
const unknown = makeConversation({
  id: 91,
  provider_id: null,
  provider_name: null,
  referral_id: null,
  referral_number: null,
  contact_value: '(323) 555-0199',
  last_message: 'Who is this?',
  matched: false,
  unread_count: 1,
});

function filtered(url: string, all: Conversation[]) {
  const q = new URL(url, 'http://x').searchParams;
  if (q.get('unmatched') === 'true') return all.filter((c) => !c.matched);
  const method = q.get('method');
  return all.filter((c) => c.matched && (!method || c.method_type === method));
}

function renderInbox({
  scope = { kind: 'organization' } as InboxScope,
  canTriage = false,
  conversations = [sms, email, unknown],
  routes = {},
}: {
  scope?: InboxScope;
  canTriage?: boolean;
  conversations?: Conversation[];
  routes?: Record<string, RouteHandler>;
} = {}) {
  storeSession();
  const fetchMock = mockFetch({
    'GET /api/conversations': (_init, url) =>
      jsonResponse(200, conversationList(filtered(url, conversations), 4)),
    'GET /api/sms/conversations': () =>
      jsonResponse(200, smsConversation([makeSmsMessage({ direction: 'inbound', message_body: long })])),
    'GET /api/email/conversations': () =>
      jsonResponse(200, emailConversation([makeEmail({ subject: 'Referral details' })])),
    'GET /api/email/templates': () => jsonResponse(200, { templates: [] }),
    ...routes,
  });
  renderWithProviders(<CommunicationsInbox scope={scope} canTriage={canTriage} />);
  return { fetchMock };
}

const params = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, 'GET', '/api/conversations').map(([url]) =>
    Object.fromEntries(new URL(String(url), 'http://x').searchParams),
  );

describe('Communications inbox (001 §2.11)', { timeout: 30_000 }, () => {
  it('lists the threads with provider, method, unread, the last message cut at 80 and the total unread', async () => {
    renderInbox();
    expect(screen.getByRole('heading', { name: 'Communications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.getByLabelText('4 unread')).toHaveTextContent('4 unread');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName('Marigold Community Pantry');
    // The method, the badges and the last message describe the row's button (its name is 'Open' and the title).
    const open = within(rows[0]!).getByRole('button', { name: 'Open Marigold Community Pantry' });
    expect(open).toHaveAccessibleDescription(/^SMS, 2 unread, Referral #4821093756, We can take/);
    expect(within(rows[0]!).getByRole('img', { name: 'SMS', hidden: true })).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('2 unread')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(`${long.slice(0, 80)}…`);
    expect(rows[0]).not.toHaveTextContent(long);
    expect(rows[0]).toHaveTextContent('Referral #4821093756');
    expect(within(rows[1]!).getByRole('img', { name: 'Email', hidden: true })).toBeInTheDocument();
  });

  it('filters by method on the server, and keeps the placeholders of Fax and Voice', async () => {
    const { fetchMock } = renderInbox();
    await screen.findByRole('list', { name: 'Conversations' });
    const filters = screen.getByRole('group', { name: 'Filter conversations' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'SMS', 'Email', 'Fax', 'Voice']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(params(fetchMock)).toContainEqual({ method: 'email', page: '1' });
    expect(within(filters).getByRole('button', { name: 'Email' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(filters).getByRole('button', { name: 'Fax' }));
    expect(screen.getByText('Fax History View')).toBeInTheDocument();
    expect(screen.getByText('Coming soon - Sent/received fax documents')).toBeInTheDocument();
    await userEvent.click(within(filters).getByRole('button', { name: 'Voice' }));
    expect(screen.getByText('Voice Call Transcripts')).toBeInTheDocument();
    expect(screen.getByText('Coming soon - AI-transcribed call history')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing, with the subtitle of its scope', async () => {
    renderInbox({
      scope: { kind: 'provider', providerId: 501, providerName: 'Marigold Community Pantry' },
      conversations: [],
    });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText('Send a message to start a conversation')).toBeInTheDocument();
    expect(screen.getByText('Conversations with Marigold Community Pantry')).toBeInTheDocument();
  });

  it("asks only for the referral's threads in a case", async () => {
    const { fetchMock } = renderInbox({ scope: { kind: 'referral', referralId: 101 } });
    expect(await screen.findByText('All communications for this referral')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Conversations' });
    expect(params(fetchMock).every((p) => p.referral_id === '101')).toBe(true);
    // The Unmatched filter belongs to the organization's inbox.
    expect(screen.queryByRole('button', { name: 'Unmatched' })).not.toBeInTheDocument();
  });

  it('opens the SMS or email panel of a chosen thread, and closes it', async () => {
    const { fetchMock } = renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Marigold Community Pantry' }));
    const smsPanel = await screen.findByRole('region', { name: 'SMS Conversation' });
    expect(await within(smsPanel).findByText(long)).toBeInTheDocument();
    const [url] = callsTo(fetchMock, 'GET', '/api/sms/conversations')[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('conversation_id')).toBe('71');

    const before = callsTo(fetchMock, 'GET', '/api/conversations').length;
    await userEvent.click(screen.getByRole('button', { name: 'Open Harborlight Shelter' }));
    const emailPanel = await screen.findByRole('region', { name: 'Email Conversation' });
    expect(await within(emailPanel).findByText('Referral details')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'SMS Conversation' })).not.toBeInTheDocument();
    // Reading the thread marked it read on the server: the list's unread counts are asked for again.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/conversations').length).toBeGreaterThan(before),
    );

    await userEvent.click(within(emailPanel).getByRole('button', { name: 'Close conversation' }));
    expect(screen.queryByRole('region', { name: 'Email Conversation' })).not.toBeInTheDocument();
  });

  it('shows load failures with Retry', async () => {
    renderInbox({
      routes: { 'GET /api/conversations': () => errorResponse(403, 'Choose an organization first.') },
    });
    expect(await screen.findByText('Choose an organization first.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});

describe('Unmatched messages and the assign dialog', { timeout: 30_000 }, () => {
  it('lists what nobody could place for a platform operator, who files it under a referral', async () => {
    let assigned: unknown = null;
    const { fetchMock } = renderInbox({
      canTriage: true,
      routes: {
        'GET /api/referrals': (_init, url) => {
          const search = new URL(url, 'http://x').searchParams.get('search');
          const all = [
            makeReferral(),
            makeReferral({ id: 102, referral_number: '5930214867', first_name: 'Luis', last_name: 'Ortega' }),
          ];
          return jsonResponse(
            200,
            makeReferralList(search ? all.filter((r) => r.first_name === 'Luis') : all),
          );
        },
        'POST /api/conversations/91/assign': (init) => {
          assigned = JSON.parse(String(init.body));
          return jsonResponse(200, {
            ...unknown,
            matched: true,
            referral_id: 102,
            referral_number: '5930214867',
          });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unmatched' }));
    const row = await screen.findByRole('listitem', { name: '(323) 555-0199' });
    expect(within(row).getByText('Unmatched')).toBeInTheDocument();
    expect(params(fetchMock)).toContainEqual({ unmatched: 'true', page: '1' });

    await userEvent.click(within(row).getByRole('button', { name: 'Assign to referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to referral' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search referrals' }), 'Luis');
    const option = await within(dialog).findByRole('option', { name: /#5930214867 · Luis Ortega/ });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    await userEvent.click(option);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(assign);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(assigned).toEqual({ referral_id: 102, provider_id: null });
  });

  it("shows the server's refusal in the dialog", async () => {
    renderInbox({
      canTriage: true,
      routes: {
        'GET /api/referrals': () => jsonResponse(200, makeReferralList([makeReferral()])),
        'POST /api/conversations/91/assign': () =>
          errorResponse(403, COMMUNICATION_MESSAGES.unmatchedForbidden),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unmatched' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to referral' });
    await userEvent.click(await within(dialog).findByRole('option', { name: /#4821093756/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      COMMUNICATION_MESSAGES.unmatchedForbidden,
    );
  });

  it("shows the server's message for the chosen referral in the dialog", async () => {
    renderInbox({
      canTriage: true,
      routes: {
        'GET /api/referrals': () => jsonResponse(200, makeReferralList([makeReferral()])),
        'POST /api/conversations/91/assign': () =>
          jsonResponse(400, {
            code: 'validation_failed',
            detail: 'Invalid body. referral_id: Choose a referral of your organization',
            message: 'Invalid body. referral_id: Choose a referral of your organization',
            error: 'Invalid body. referral_id: Choose a referral of your organization',
            fields: { referral_id: 'Choose a referral of your organization' },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Unmatched' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to referral' });
    await userEvent.click(await within(dialog).findByRole('option', { name: /#4821093756/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Choose a referral of your organization$/,
    );
  });

  it('offers no Unmatched filter nor Assign to anyone else (coordinators of an organization included)', async () => {
    renderInbox({ canTriage: false });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.queryByRole('button', { name: 'Unmatched' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to referral' })).not.toBeInTheDocument();
  });
});
