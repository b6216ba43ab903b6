import type { Page } from 'playwright-core';
import { apiClient, expectVisible } from './browser.ts';

// Reading what the app "sent": the local email/SMS driver keeps every message in the outbox, which
// administrators read at GET /api/outbox (newest first). Journeys use it the way a person reads their inbox.

const ADMIN = 'admin@trust.demo';

export type OutboxMessage = {
  id: number;
  to: string;
  category: string;
  subject: string | null;
  /** In the list, a message holding PHI shows a placeholder; its body is read one at a time (audited). */
  body_text: string;
};

async function adminToken(page: Page, password: string): Promise<string> {
  // Through a client of its own: through page.request the sign-in would make the page the administrator's.
  const login = await (await apiClient(page)).post('/auth/login', { data: { email: ADMIN, password } });
  if (!login.ok())
    throw new Error(`admin sign-in for the outbox failed: ${login.status()} ${await login.text()}`);
  const token = ((await login.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error('admin sign-in for the outbox gave no token');
  return token;
}

/**
 * The first (newest) message of a channel for which `pick` returns a value, polled for a few seconds since
 * the message is written by the request that caused it but read here from another connection.
 */
export async function findInOutbox(
  page: Page,
  password: string,
  channel: 'email' | 'sms',
  pick: (message: OutboxMessage) => string | undefined,
  what: string,
): Promise<string> {
  const token = await adminToken(page, password);
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await page.request.get(`/api/outbox?channel=${channel}&page_size=50`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok()) throw new Error(`GET /api/outbox failed: ${res.status()} ${await res.text()}`);
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    for (const message of messages) {
      const value = pick(message);
      if (value) return value;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`${what} is not in the outbox`);
}

/** The newest 6-digit sign-in code texted to a phone number (compared by its digits). */
export function readSmsCode(page: Page, password: string, phoneDigits: string): Promise<string> {
  return findInOutbox(
    page,
    password,
    'sms',
    (m) => (m.to.replace(/\D/g, '').endsWith(phoneDigits) ? /\b(\d{6})\b/.exec(m.body_text)?.[1] : undefined),
    `an SMS code for …${phoneDigits}`,
  );
}

/** One message in full (GET /api/outbox/{id}): the body of a PHI message, which the list leaves out. */
export async function readOutboxMessage(page: Page, password: string, id: number): Promise<OutboxMessage> {
  const token = await adminToken(page, password);
  const res = await page.request.get(`/api/outbox/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`GET /api/outbox/${id} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as OutboxMessage;
}

/**
 * Opens the newest outbox message of the channel whose row matches `to` (rows are newest first, named "Open
 * message to …"), on the outbox page of an operator's browser, and waits for its reply form: the provider's, or
 * the member's on the follow-up question (issue #14).
 */
export async function openOutboxMessage(
  page: Page,
  channel: 'SMS' | 'Email',
  to: RegExp,
  replier: 'provider' | 'member' = 'provider',
) {
  await page.goto('/outbox');
  await expectVisible(page.getByRole('heading', { name: 'Outbox' }), 'the outbox');
  await page.getByRole('radiogroup', { name: 'Channel' }).getByText(channel, { exact: true }).click();
  const row = page.getByRole('row', { name: to }).first();
  await expectVisible(row, `an outbox ${channel} to ${to}`);
  await row.click();
  const dialog = page.getByRole('dialog');
  await expectVisible(dialog.getByRole('region', { name: `Reply as the ${replier}` }), 'the reply form');
  return dialog;
}
