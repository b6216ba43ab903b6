import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailConversation, EmailTemplate } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  deferred,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../../test/fetch-mock.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { emailConversation, makeEmail } from '../communication-fixtures.ts';
import { EmailConversationPanel } from './email-conversation-panel.tsx';

const template: EmailTemplate = {
  id: 'email_detailed',
  template_name: 'Detailed referral with follow-up',
  template_type: 'detailed',
  subject_template: 'Referral #{{referral_id}} ({{urgency_level}})',
  body_text_template: 'Dear {{provider_name}}, member born {{member_dob}}.',
  body_html_template: '<p>Dear {{provider_name}}</p>',
};

const sentEmail = makeEmail({ id: 50, status: 'queued' });

function renderPanel({
  conversation = emailConversation([]),
  templates = [template],
  routes = {},
}: {
  conversation?: EmailConversation | RouteHandler;
  templates?: EmailTemplate[];
  routes?: Record<string, RouteHandler>;
} = {}) {
  storeSession();
  const fetchMock = mockFetch({
    'GET /api/email/conversations':
      typeof conversation === 'function' ? conversation : () => jsonResponse(200, conversation),
    'GET /api/email/templates': () => jsonResponse(200, { templates }),
    'POST /api/email/send': () =>
      jsonResponse(200, { success: true, message: 'Email queued', error: null, email: sentEmail }),
    ...routes,
  });
  renderWithProviders(
    <EmailConversationPanel
      thread={{ conversation_id: 81 }}
      referralId={101}
      providerId={501}
      providerName="Marigold Community Pantry"
      values={{ referral_id: '4821093756' }}
      onClose={vi.fn()}
    />,
  );
  return { fetchMock };
}

const subject = () => screen.getByRole('textbox', { name: 'Subject' });
const message = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send Email' });

describe('Email conversation panel (001 §2.13)', { timeout: 30_000 }, () => {
  it('says it is loading, then the empty state, the security notice and no template list without templates', async () => {
    const answer = deferred<Response>();
    renderPanel({ conversation: () => answer.promise, templates: [] });
    expect(screen.getByText('Loading emails...')).toBeInTheDocument();
    answer.resolve(jsonResponse(200, emailConversation([])));
    expect(await screen.findByText('No email conversations yet')).toBeInTheDocument();
    expect(screen.getByText('Send the first email to start the conversation')).toBeInTheDocument();
    expect(screen.getByText(/TLS 1\.2\+.*AES-256-GCM.*audit log/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Template')).not.toBeInTheDocument());
  });

  it('shows each email with who, status, attachments, addresses, times, subject and body', async () => {
    const long = `${'a'.repeat(190)} the rest of a long reply`;
    renderPanel({
      conversation: emailConversation([
        makeEmail({
          id: 1,
          cc_emails: ['case@trust.example.test'],
          opened_at: new Date().toISOString(),
          attachments_count: 1,
          has_attachments: true,
          attachments: [
            {
              id: 9,
              filename: 'consent.pdf',
              size: 2048,
              content_type: 'application/pdf',
              url: '/api/communications/1/attachments/9',
            },
          ],
        }),
        makeEmail({
          id: 2,
          direction: 'inbound',
          status: 'received',
          subject: 'Re: New referral',
          from_email: 'intake@marigold.example.org',
          body_text: long,
          body_html: `<p>${long}</p><script>window.hacked = true</script><img src="https://tracker.example/x.png">`,
        }),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Emails' });
    const [out, reply] = within(list).getAllByRole('listitem', { name: /email:/ });
    expect(out).toHaveTextContent('You');
    expect(within(out!).getByText('Delivered')).toBeInTheDocument();
    expect(out).toHaveTextContent('To: intake@marigold.example.org');
    expect(out).toHaveTextContent('CC: case@trust.example.test');
    expect(out).toHaveTextContent('Opened');
    expect(out).toHaveTextContent('New referral #4821093756');
    expect(within(out!).getByRole('listitem', { name: 'consent.pdf' })).toHaveTextContent('2.0 KB');

    expect(reply).toHaveTextContent('Marigold Community Pantry');
    expect(reply).toHaveTextContent('From: intake@marigold.example.org');
    expect(reply).not.toHaveTextContent('the rest of a long reply');
    await userEvent.click(within(reply!).getByRole('button', { name: 'Show more' }));
    expect(reply).toHaveTextContent('the rest of a long reply');
    expect(reply!.querySelector('script')).toBeNull();
    expect(reply!.querySelector('img')?.getAttribute('src')).toBeNull();
    await userEvent.click(within(reply!).getByRole('button', { name: 'Show less' }));
    expect(reply).not.toHaveTextContent('the rest of a long reply');
  });

  it('downloads an attachment with the session', async () => {
    const fetchMock = renderPanel({
      conversation: emailConversation([
        makeEmail({
          attachments_count: 1,
          attachments: [
            {
              id: 9,
              filename: 'consent.pdf',
              size: 10,
              content_type: 'application/pdf',
              url: '/api/communications/1/attachments/9',
            },
          ],
        }),
      ]),
      routes: {
        'GET /api/communications/1/attachments/9': () =>
          new Response(new Blob(['%PDF']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
      },
    }).fetchMock;
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not navigate: the download link's click is only observed.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(await screen.findByRole('button', { name: 'Download consent.pdf' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/communications/1/attachments/9')).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'GET', '/api/communications/1/attachments/9')[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('fills subject and body from a template, keeping what only the server knows', async () => {
    renderPanel();
    const picker = await screen.findByLabelText('Template');
    expect(
      within(picker).getByRole('option', { name: 'Detailed referral with follow-up (detailed)' }),
    ).toBeInTheDocument();
    await userEvent.selectOptions(picker, 'Detailed referral with follow-up (detailed)');
    expect(subject()).toHaveValue('Referral #4821093756 ({{urgency_level}})');
    expect(message()).toHaveValue('Dear Marigold Community Pantry, member born {{member_dob}}.');
  });

  it("needs a subject and a message ('Please enter subject and message') and sends with CC and HTML", async () => {
    const { fetchMock } = renderPanel();
    await screen.findByText('No email conversations yet');
    expect(sendButton()).toBeDisabled();
    await userEvent.type(subject(), 'Follow-up');
    expect(screen.getByText('Please enter subject and message')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await userEvent.type(message(), '<p>Any news?</p>');
    expect(screen.queryByText('Please enter subject and message')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'HTML' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'CC' }), 'case@trust.example.test');
    await userEvent.click(sendButton());
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/email/send')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/email/send')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      provider_id: 501,
      referral_id: 101,
      to_email: 'intake@marigold.example.org',
      cc_emails: ['case@trust.example.test'],
      subject: 'Follow-up',
      body: '<p>Any news?</p>',
      use_html: true,
      template_id: null,
    });
    await waitFor(() => expect(subject()).toHaveValue(''));
  });

  it("says 'Sending...' while busy and sends attachments as multipart", async () => {
    const answer = deferred<Response>();
    const { fetchMock } = renderPanel({ routes: { 'POST /api/email/send': () => answer.promise } });
    await screen.findByText('No email conversations yet');
    await userEvent.type(subject(), 'Consent');
    await userEvent.type(message(), 'Attached.');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.7'], 'consent.pdf', { type: 'application/pdf' }));
    await userEvent.click(sendButton());
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    const [, init] = callsTo(fetchMock, 'POST', '/api/email/send')[0]!;
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('subject')).toBe('Consent');
    expect(form.get('provider_id')).toBe('501');
    expect((form.get('attachments') as File).name).toBe('consent.pdf');
    answer.resolve(
      jsonResponse(200, { success: true, message: 'Email queued', error: null, email: sentEmail }),
    );
    expect(await screen.findByRole('button', { name: 'Send Email' })).toBeInTheDocument();
  });

  it("words failures: 'Failed to send email: {error}' and 'Failed to send email.' when unreachable", async () => {
    let reachable = true;
    renderPanel({
      routes: {
        'POST /api/email/send': () => {
          if (!reachable) throw new TypeError('Failed to fetch');
          return errorResponse(413, 'This attachment is too large.');
        },
      },
    });
    await screen.findByText('No email conversations yet');
    await userEvent.type(subject(), 'Hello');
    await userEvent.type(message(), 'Body');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send email: This attachment is too large.',
    );
    reachable = false;
    await userEvent.click(sendButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to send email\.$/));
  });

  it("says 'Provider email not available' and sends nothing without an address", async () => {
    const { fetchMock } = renderPanel({ conversation: emailConversation([], { email: null }) });
    expect(await screen.findByText('Provider email not available')).toBeInTheDocument();
    await userEvent.type(subject(), 'Hello');
    await userEvent.type(message(), 'Body');
    expect(sendButton()).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', '/api/email/send')).toHaveLength(0);
  });
});
