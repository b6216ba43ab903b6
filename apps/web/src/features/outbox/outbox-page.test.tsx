import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OUTBOX_MESSAGES, type OutboundMessage } from '@trust/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { OutboxPage } from './outbox-page.tsx';

function message(overrides: Partial<OutboundMessage>): OutboundMessage {
  return {
    id: 1,
    channel: 'email',
    category: 'invitation',
    to: 'ana@example.org',
    subject: 'You are invited to Trust Marketplace',
    body_text: 'Hello Ana,\nOpen http://localhost:3000/register?token=abc123. It expires in 7 days.',
    body_html: null,
    status: 'sent',
    driver: 'local',
    attempts: 1,
    last_error: null,
    provider_message_id: 'local-email-1',
    user_id: null,
    organization_id: 1,
    created_at: '2026-11-22T10:00:00.000Z',
    sent_at: '2026-11-22T10:00:01.000Z',
    carries_secret: false,
    body_removed_at: null,
    ...overrides,
  };
}

const email = message({});
const sms = message({
  id: 2,
  channel: 'sms',
  category: 'login_code',
  to: '+15551234567',
  subject: null,
  body_text: 'Your Trust Marketplace code is 123456\nIt expires in 5 minutes.',
  status: 'queued',
  driver: 'twilio',
  provider_message_id: null,
  last_error: 'Twilio answered 503: down',
  sent_at: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('the outbox page', () => {
  it('lists messages with channel, recipient, headline, status and category, and pages', async () => {
    const fetchMock = mockFetch({
      'GET /api/outbox': (_init, url) => {
        const q = new URL(url, 'http://localhost').searchParams;
        return jsonResponse(200, {
          messages: q.get('page') === '2' ? [message({ id: 9, subject: 'Older one' })] : [sms, email],
          total: 26,
          page: Number(q.get('page')),
          page_size: 25,
        });
      },
    });
    renderWithProviders(<OutboxPage />);
    const table = await screen.findByRole('table', { name: 'Outbox messages', busy: false });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('SMS')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+15551234567')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Your Trust Marketplace code is 123456')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('queued')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('login_code')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('You are invited to Trust Marketplace')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('sent')).toBeInTheDocument();
    expect(screen.getByText('26 messages')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/outbox?page=2&page_size=25');
  });

  it('filters by channel on the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/outbox': () => jsonResponse(200, { messages: [sms], total: 1, page: 1, page_size: 25 }),
    });
    renderWithProviders(<OutboxPage />);
    await screen.findByRole('table', { name: 'Outbox messages', busy: false });
    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
        '/api/outbox?page=1&page_size=25&channel=sms',
      ),
    );
  });

  it('opens the whole message in a dialog with clickable links and the delivery error', async () => {
    mockFetch({
      'GET /api/outbox': () =>
        jsonResponse(200, { messages: [sms, email], total: 2, page: 1, page_size: 25 }),
      'GET /api/outbox/1': () => jsonResponse(200, email),
      'GET /api/outbox/2': () => jsonResponse(200, sms),
    });
    renderWithProviders(<OutboxPage />);
    await userEvent.click(await screen.findByText('You are invited to Trust Marketplace'));
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('link', {
      name: 'http://localhost:3000/register?token=abc123',
    });
    // The sentence's full stop is not part of the link.
    expect(link).toHaveAttribute('href', 'http://localhost:3000/register?token=abc123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByText('ana@example.org')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByText('Your Trust Marketplace code is 123456'));
    const smsDialog = await screen.findByRole('dialog');
    expect(await within(smsDialog).findByText('Twilio answered 503: down')).toBeInTheDocument();
    expect(within(smsDialog).getByText(/It expires in 5 minutes\./)).toBeInTheDocument();
  });

  it('shows an HTML body only in a sandboxed frame, and never makes a javascript: link', async () => {
    const rich = message({
      id: 3,
      body_text: 'Click javascript:alert(1) or https://ok.example/x',
      body_html: '<p onclick="alert(1)">Hi<script>alert(1)</script></p>',
    });
    mockFetch({
      'GET /api/outbox': () => jsonResponse(200, { messages: [rich], total: 1, page: 1, page_size: 25 }),
      'GET /api/outbox/3': () => jsonResponse(200, rich),
    });
    renderWithProviders(<OutboxPage />);
    await userEvent.click(await screen.findByText('You are invited to Trust Marketplace'));
    const dialog = await screen.findByRole('dialog');
    const links = await within(dialog).findAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://ok.example/x']);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'HTML' }));
    const frame = within(dialog).getByTitle('HTML body');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(document.querySelector('p[onclick]')).toBeNull();
  });

  it("shows the server's refusal for someone who is not a platform operator", async () => {
    mockFetch({
      'GET /api/outbox': () =>
        errorResponse(403, 'Only platform operators can read the outbox.', 'forbidden'),
    });
    renderWithProviders(<OutboxPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only platform operators can read the outbox.',
    );
  });

  it('shows a delivered one-time link or code as not kept, never as a body to open', async () => {
    const removed = {
      carries_secret: true,
      body_text: OUTBOX_MESSAGES.secretBodyRemoved,
      body_html: null,
      body_removed_at: '2026-11-22T10:00:02.000Z',
      driver: 'smtp',
    };
    const reset = message({ id: 4, category: 'password_reset', subject: 'Reset your password', ...removed });
    const code = message({
      id: 5,
      channel: 'sms',
      category: 'two_factor_code',
      to: '+15551234567',
      subject: null,
      ...removed,
      driver: 'twilio',
    });
    mockFetch({
      'GET /api/outbox': () =>
        jsonResponse(200, { messages: [code, reset], total: 2, page: 1, page_size: 25 }),
      'GET /api/outbox/4': () => jsonResponse(200, reset),
    });
    renderWithProviders(<OutboxPage />);
    const table = await screen.findByRole('table', { name: 'Outbox messages', busy: false });
    const [codeRow, resetRow] = within(table).getAllByRole('row').slice(1);
    expect(within(codeRow!).getByText('One-time code (not kept after delivery)')).toBeInTheDocument();
    expect(within(codeRow!).getByLabelText('Link or code not kept')).toBeInTheDocument();
    expect(within(resetRow!).getByLabelText('Link or code not kept')).toBeInTheDocument();

    await userEvent.click(within(resetRow!).getByText('Reset your password'));
    const dialog = await screen.findByRole('dialog');
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('Link or code not kept');
    expect(notice).toHaveTextContent(OUTBOX_MESSAGES.secretBodyRemoved);
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('says so when nothing was sent', async () => {
    mockFetch({
      'GET /api/outbox': () => jsonResponse(200, { messages: [], total: 0, page: 1, page_size: 25 }),
    });
    renderWithProviders(<OutboxPage />);
    expect(await screen.findByText('No messages have been sent yet.')).toBeInTheDocument();
  });
});
