import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emailConversation,
  makeConversation,
  makeEmail,
  makeSmsMessage,
  smsConversation,
} from '../../components/communications/communication-fixtures.ts';
import { makeDirectoryProvider } from '../../components/provider/provider-fixtures.ts';
import { callsTo, errorResponse, jsonResponse } from '../../test/fetch-mock.ts';
import { chooseReferral, openTab, renderProviderScreen } from './provider-communications-test-utils.tsx';

// The phone view is another piece's (phone/): here only what the screen hands it.
vi.mock('./phone/phone-view.tsx', () => ({
  PhoneView: (props: { providerId: number; providerName: string; mainPhone: string | null }) => (
    <output data-testid="phone-view">{JSON.stringify(props)}</output>
  ),
}));

afterEach(() => notifications.clean());

const smsThread = makeConversation({ id: 71, last_message: 'We can take her on Tuesday.', unread_count: 2 });
const smsSent = {
  success: true,
  message_sid: null,
  from_phone: null,
  error: null,
  message: makeSmsMessage({ id: 99, status: 'queued' }),
};
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('Provider communications screen (001 §2.10)', { timeout: 60_000 }, () => {
  it('shows Back, the name and type, and the SMS, Email, Web Form and Phone tabs', async () => {
    renderProviderScreen({ conversations: [smsThread] });
    expect(await screen.findByRole('heading', { name: 'Marigold Community Pantry' })).toBeInTheDocument();
    expect(screen.getByText('Food Bank')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Communication channels' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['SMS2', 'Email', 'Web Form', 'Phone']);
    expect(within(tabs).getByLabelText('2 unread')).toBeInTheDocument();

    await openTab('Phone');
    expect(JSON.parse(screen.getByTestId('phone-view').textContent!)).toEqual({
      providerId: 501,
      providerName: 'Marigold Community Pantry',
      mainPhone: '(213) 555-0170',
    });
  });

  it('Back returns to the inbox when the screen was opened directly', async () => {
    renderProviderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/provider-communications$/),
    );
  });

  it('says when the provider is unknown or the address names none', async () => {
    renderProviderScreen({
      routes: { 'GET /directory/providers/501': () => errorResponse(404, 'Provider not found') },
    });
    expect(await screen.findByRole('heading', { name: 'Provider not found' })).toBeInTheDocument();
  });

  it('lists the SMS threads by referral and opens one as a chat', async () => {
    renderProviderScreen({
      conversations: [smsThread],
      routes: {
        'GET /api/sms/conversations': () =>
          jsonResponse(
            200,
            smsConversation([makeSmsMessage({ message_body: 'Can you take referral 4821093756?' })]),
          ),
      },
    });
    const list = await screen.findByRole('list', { name: 'SMS conversations' });
    const row = within(list).getByRole('listitem', { name: 'Referral #4821093756' });
    expect(row).toHaveTextContent('We can take her on Tuesday.');
    expect(within(row).getByLabelText('2 unread')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Open Referral #4821093756' }));
    const panel = await screen.findByRole('region', { name: 'SMS Conversation' });
    expect(await within(panel).findByText('Can you take referral 4821093756?')).toBeInTheDocument();
    expect(within(panel).getByText(/^You ·/)).toBeInTheDocument();
  });

  it("offers 'Start New' when there is no thread, and checks each sending rule", async () => {
    const { fetchMock } = renderProviderScreen({
      routes: { 'POST /api/sms/send': () => jsonResponse(200, smsSent) },
    });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start New' }));
    const form = await screen.findByRole('form', { name: 'New SMS' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    const send = within(form).getByRole('button', { name: 'Send SMS' });

    await userEvent.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please select a referral to discuss');
    await chooseReferral(/#4821093756 · Imani Okonkwo Reyes/, form);
    await userEvent.click(send);
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a message'));

    const message = within(form).getByRole('textbox', { name: 'Message' });
    await userEvent.click(message);
    await userEvent.paste('x'.repeat(161));
    // 001 §2.12: the provider-level counter turns orange above 160 characters.
    expect(within(form).getByTestId('sms-counter')).toHaveTextContent('161 characters · 2 segments');
    expect(within(form).getByTestId('sms-counter').getAttribute('style')).toContain('orange');
    await userEvent.clear(message);
    await userEvent.type(message, 'Can you take this referral?');
    expect(within(form).getByTestId('sms-counter').getAttribute('style') ?? '').not.toContain('orange');
    expect(callsTo(fetchMock, 'POST', '/api/sms/send')).toHaveLength(0);

    await userEvent.click(send);
    // The form closes onto the thread the message went to, with the success line above it.
    expect(await screen.findByRole('status')).toHaveTextContent('Message sent successfully!');
    expect(screen.queryByRole('form', { name: 'New SMS' })).not.toBeInTheDocument();
    expect(body(callsTo(fetchMock, 'POST', '/api/sms/send')[0]![1])).toEqual({
      provider_id: 501,
      referral_id: 101,
      to_phone: '(213) 555-0170',
      message_text: 'Can you take this referral?',
    });
    // Composing again starts from an empty form.
    await userEvent.click(screen.getByRole('button', { name: 'Compose' }));
    const again = await screen.findByRole('form', { name: 'New SMS' });
    expect(within(again).getByRole('textbox', { name: 'Message' })).toHaveValue('');
    expect(within(again).getByLabelText('Referral', { selector: 'input' })).toHaveValue('');
  });

  it("words failures 'Failed to send: {error or Unknown error}'", async () => {
    let answer = () => errorResponse(422, 'The number is unreachable');
    renderProviderScreen({ routes: { 'POST /api/sms/send': () => answer() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = await screen.findByRole('form', { name: 'New SMS' });
    await chooseReferral(/#4821093756/, form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send SMS' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Failed to send: The number is unreachable',
    );
    answer = () => jsonResponse(200, { ...smsSent, success: false, error: null });
    await userEvent.click(within(form).getByRole('button', { name: 'Send SMS' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Failed to send: Unknown error'),
    );
  });

  it("marks the input of the server's field message and shows the message", async () => {
    renderProviderScreen({
      routes: {
        'POST /api/sms/send': () =>
          jsonResponse(400, {
            code: 'validation_failed',
            detail: 'Invalid body. message_text: Too long',
            message: 'Invalid body. message_text: Too long',
            error: 'Invalid body. message_text: Too long',
            fields: { message_text: 'Too long' },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = await screen.findByRole('form', { name: 'New SMS' });
    await chooseReferral(/#4821093756/, form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send SMS' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Too long$/);
    expect(within(form).getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Provider phone number not available' for a provider without a phone and sends nothing", async () => {
    const { fetchMock } = renderProviderScreen({
      provider: makeDirectoryProvider({ primary_phone: null, phone: null, phone_number: null }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = await screen.findByRole('form', { name: 'New SMS' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send SMS' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Provider phone number not available');
    expect(callsTo(fetchMock, 'POST', '/api/sms/send')).toHaveLength(0);
  });

  it('?referral_id= opens that referral’s thread and starts the compose form with it', async () => {
    renderProviderScreen({
      path: '/provider-communications/501?referral_id=101',
      conversations: [
        makeConversation({ id: 70, referral_id: 102, referral_number: '5930214867' }),
        smsThread,
      ],
    });
    const row = await screen.findByRole('listitem', { name: 'Referral #4821093756' });
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: /Open/ })).toHaveAttribute('aria-current', 'true'),
    );
    expect(await screen.findByRole('region', { name: 'SMS Conversation' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Compose' }));
    const form = await screen.findByRole('form', { name: 'New SMS' });
    await waitFor(() =>
      expect(within(form).getByLabelText('Referral', { selector: 'input' })).toHaveValue(
        '#4821093756 · Imani Okonkwo Reyes',
      ),
    );
  });
});

describe('Email tab', { timeout: 60_000 }, () => {
  const first = makeConversation({
    id: 81,
    method_type: 'email',
    contact_value: 'intake@marigold.example.org',
    last_message: 'Thank you, we will call her.',
    message_count: 2,
  });

  it('groups the emails of a referral under one row with their count, expanding to one row per email', async () => {
    renderProviderScreen({
      conversations: [first],
      routes: {
        'GET /api/email/conversations': () =>
          jsonResponse(
            200,
            emailConversation([
              makeEmail({ id: 1, subject: 'New referral #4821093756' }),
              makeEmail({
                id: 2,
                direction: 'inbound',
                status: 'received',
                subject: 'Re: New referral #4821093756',
                from_email: 'intake@marigold.example.org',
                body_text: 'Thank you, we will call her.',
              }),
            ]),
          ),
      },
    });
    await openTab('Email');
    const row = await screen.findByRole('listitem', { name: 'Referral #4821093756' });
    expect(row).toHaveTextContent('2 emails');
    await userEvent.click(within(row).getByRole('button', { name: 'Open Referral #4821093756' }));
    const emails = await within(row).findByRole('list', { name: 'Emails of this referral' });
    const rows = within(emails).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Open email Re: New referral #4821093756',
      'Open email New referral #4821093756',
    ]);
    expect(await screen.findByRole('region', { name: 'Email Conversation' })).toBeInTheDocument();

    await userEvent.click(rows[0]!);
    const detail = await screen.findByRole('region', { name: 'Email details' });
    expect(detail).toHaveTextContent('From: intake@marigold.example.org');
    expect(detail).toHaveTextContent('Thank you, we will call her.');
    await userEvent.click(within(detail).getByRole('button', { name: 'Back to conversation' }));
    expect(await screen.findByRole('region', { name: 'Email Conversation' })).toBeInTheDocument();
  });

  it('composes an email with a subject, and says what is missing', async () => {
    const { fetchMock } = renderProviderScreen({
      routes: {
        'POST /api/email/send': () =>
          jsonResponse(200, {
            success: true,
            message: 'Email queued',
            error: null,
            email: makeEmail({ id: 60 }),
          }),
      },
    });
    await openTab('Email');
    await userEvent.click(await screen.findByRole('button', { name: 'Start New' }));
    const form = await screen.findByRole('form', { name: 'New email' });
    await chooseReferral(/#4821093756/, form);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'Any news?');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Email' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please enter a subject');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Referral #4821093756');
    await userEvent.click(within(form).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Message sent successfully!');
    expect(screen.queryByRole('form', { name: 'New email' })).not.toBeInTheDocument();
    expect(body(callsTo(fetchMock, 'POST', '/api/email/send')[0]![1])).toMatchObject({
      provider_id: 501,
      referral_id: 101,
      to_email: 'intake@marigold.example.org',
      subject: 'Referral #4821093756',
      body: 'Any news?',
    });
  });

  it("says 'Provider email not available' for a provider without an email", async () => {
    renderProviderScreen({ provider: makeDirectoryProvider({ primary_email: null, email: null }) });
    await openTab('Email');
    await userEvent.click(await screen.findByRole('button', { name: 'Compose' }));
    const form = await screen.findByRole('form', { name: 'New email' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send Email' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Provider email not available');
  });
});
