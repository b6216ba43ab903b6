import type { InboundSmsResult } from '@trust/domain';
import { createReferral } from '../../../../test/factories.ts';
import { api, one, type TestApp } from '../../../../test/helpers.ts';

// Shared by the SMS API tests (sms.test.ts, inbound.test.ts, twilio-webhooks.test.ts): referrals sent to a
// provider by SMS the way a coordinator does it (referral-sending/sending.test.ts), on numbers no demo provider
// has (the demo directory uses the 213, 713 and 312 area codes).

let seq = 0;

export { api, one, orgId } from '../../../../test/helpers.ts';

/** A new phone number of the 909 area, different for every call in a test file. */
export function freshNumber(): { display: string; e164: string } {
  seq += 1;
  const line = String(7000 + (seq % 3000));
  const exchange = '555';
  return { display: `(909) ${exchange}-${line}`, e164: `+1909${exchange}${line}` };
}

/** A directory provider with known contacts and no stored methods. */
export async function freshProvider(
  t: TestApp,
  contacts: { phone?: string | null; email?: string | null; name?: string } = {},
) {
  seq += 1;
  const row = await one<{ id: number }>(
    t,
    `INSERT INTO providers (name, organization_type, phone, email, latitude, longitude)
     VALUES ($1, 'Food Bank', $2, $3, 34.05, -118.25) RETURNING id`,
    [contacts.name ?? `SMS Test Pantry ${seq}`, contacts.phone ?? null, contacts.email ?? null],
  );
  return row.id;
}

/** A new referral of `org`, Pending, for Marisol (the member the coordinator's messages name). */
export function newReferral(t: TestApp, token: string, org: number) {
  return createReferral(t, { token, orgId: org, first_name: 'Marisol' });
}

/** Auto-matched (001 §4) to the providers in that order, every entry pending, no single provider yet. */
export async function autoMatched(t: TestApp, token: string, org: number, providerIds: number[]) {
  const r = await newReferral(t, token, org);
  await t.database.query(
    `UPDATE referrals SET status = 'matched', match_method = 'auto', matched_at = now(), auto_matched_at = now(),
       matched_provider_id = NULL, acceptance_status = NULL, expires_at = NULL WHERE id = $1`,
    [r.id],
  );
  for (const [i, providerId] of providerIds.entries()) {
    await t.database.query(
      `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, distance_miles, status)
       VALUES ($1, $2, $3, $4, 'pending')`,
      [r.id, providerId, i + 1, i + 1.5],
    );
  }
  return r;
}

/** Matched to one provider and waiting for its answer (7 days), as a manual match or a claim leaves it. */
export async function matchedTo(
  t: TestApp,
  token: string,
  org: number,
  providerId: number,
  expiresIn = '7 days',
) {
  const r = await newReferral(t, token, org);
  await t.database.query(
    `UPDATE referrals SET status = 'matched', matched_provider_id = $2, matched_at = now(), match_method = 'manual',
       acceptance_status = 'pending', expires_at = now() + $3::interval WHERE id = $1`,
    [r.id, providerId, expiresIn],
  );
  return r;
}

/** Sends the referral to the provider by SMS (001 §2.1 POST /api/referral-communications, method phone). */
export async function sendBySms(
  t: TestApp,
  token: string,
  org: number,
  referralId: number,
  providerId: number,
) {
  const res = await api(t)('POST', '/api/referral-communications', token, org, {
    referral_id: referralId,
    provider_id: providerId,
    method_type: 'phone',
    message_content: 'New referral #{{referral_id}} for you. Reply YES or NO with the number.',
  });
  if (res.statusCode !== 200) throw new Error(`send referral: ${res.statusCode} ${res.body}`);
  return res.json() as { message_id: number };
}

/** The auto replies queued to a number, oldest first. */
export function repliesTo(t: TestApp, e164: string) {
  return t.database.query<{
    id: number;
    body_text: string;
    metadata: Record<string, unknown>;
    status: string;
  }>(
    `SELECT id, body_text, metadata, status FROM outbound_messages
      WHERE to_address = $1 AND category = 'auto_reply' ORDER BY id`,
    [e164],
  );
}

/** A text from `from`, received by the real inbound path as the outbox's simulated reply (a platform operator). */
export async function receiveText(
  t: TestApp,
  operatorToken: string,
  from: string,
  body: string,
): Promise<InboundSmsResult> {
  const res = await api(t)('POST', '/api/outbox/inbound/sms', operatorToken, undefined, {
    from_phone: from,
    body,
  });
  if (res.statusCode !== 200) throw new Error(`inbound SMS: ${res.statusCode} ${res.body}`);
  return res.json() as InboundSmsResult;
}
