import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { OUTBOX_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { outboundMessages } from '../db/schema/index.ts';
import { encryptionKey } from '../platform/secret-box.ts';
import { type Drivers, deliverOutboundMessage, sweepQueuedMessages } from './delivery.ts';
import { LocalEmailDriver } from './email/local.ts';
import { DELIVER_JOB, deliveryJobId, OUTBOUND_MAX_ATTEMPTS, queueEmail, queueSms } from './outbound.ts';
import { LocalSmsDriver } from './sms/local.ts';

type Row = {
  status: string;
  attempts: number;
  last_error: string | null;
  driver: string | null;
  provider_message_id: string | null;
  sent_at: Date | null;
};

async function messageRow(t: TestApp, id: number): Promise<Row> {
  const [row] = await t.database.query<Row>(
    'SELECT status, attempts, last_error, driver, provider_message_id, sent_at FROM outbound_messages WHERE id = $1',
    [id],
  );
  return row!;
}

async function userName(t: TestApp, email: string) {
  const [row] = await t.database.query<{ name: string }>('SELECT name FROM users WHERE email = $1', [email]);
  return row?.name;
}

const failing: Drivers = {
  email: { name: 'smtp', send: async () => Promise.reject(new Error('421 mail server busy')) },
  sms: new LocalSmsDriver(),
};
const local: Drivers = { email: new LocalEmailDriver(), sms: new LocalSmsDriver() };

describe('delivery of queued messages (no job queue running)', () => {
  let t: TestApp;
  /** The key PHI bodies are sealed with (the app's SECRET_KEY or DATA_DIR key). */
  const key = () => encryptionKey(t.app.deps.config);
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps the change that caused a send when delivery fails, records the error, and fails after the last attempt', async () => {
    const { id } = await t.database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE users SET name = 'Renamed Viewer' WHERE email = 'viewer@trust.demo'`);
      return queueEmail(t.app.deps, tx, {
        to: 'viewer@trust.demo',
        subject: 'Your name changed',
        text: 'Hello',
        category: 'profile',
      });
    });
    // Without a job queue (tests, JOBS=off) the row waits for a process that runs jobs.
    expect(await messageRow(t, id)).toMatchObject({ status: 'queued', attempts: 0, driver: null });

    await expect(deliverOutboundMessage(t.database.db, failing, id, { key: key() })).rejects.toThrow(
      '421 mail server busy',
    );
    expect(await messageRow(t, id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '421 mail server busy',
      driver: 'smtp',
      sent_at: null,
    });
    expect(await userName(t, 'viewer@trust.demo')).toBe('Renamed Viewer');

    for (let attempt = 2; attempt < OUTBOUND_MAX_ATTEMPTS; attempt++) {
      await expect(deliverOutboundMessage(t.database.db, failing, id, { key: key() })).rejects.toThrow();
    }
    // The last attempt marks it failed and stops retrying (no throw).
    expect(await deliverOutboundMessage(t.database.db, failing, id, { key: key() })).toBe('failed');
    expect(await messageRow(t, id)).toMatchObject({
      status: 'failed',
      attempts: OUTBOUND_MAX_ATTEMPTS,
      last_error: '421 mail server busy',
    });
    expect(await deliverOutboundMessage(t.database.db, local, id, { key: key() })).toBe('skipped');
    expect(await userName(t, 'viewer@trust.demo')).toBe('Renamed Viewer');
  });

  it('a retry that succeeds marks the message sent and clears the error', async () => {
    const { id } = await queueSms(t.app.deps, t.database.db, {
      to: '+15550100',
      body: 'Code 111111',
      category: 'login_code',
    });
    const flaky: Drivers = {
      email: new LocalEmailDriver(),
      sms: { name: 'twilio', send: async () => Promise.reject(new Error('Twilio answered 503: down')) },
    };
    await expect(deliverOutboundMessage(t.database.db, flaky, id, { key: key() })).rejects.toThrow();
    expect(await deliverOutboundMessage(t.database.db, local, id, { key: key() })).toBe('sent');
    const row = await messageRow(t, id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
      driver: 'local',
      provider_message_id: `local-sms-${id}`,
    });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('stores a PHI email sealed and hands the driver the opened body', async () => {
    const { id } = await queueEmail(t.app.deps, t.database.db, {
      to: 'intake@provider.example',
      subject: 'Referral 1234567890 accepted: member details',
      text: 'Member: Wilhelmina Quarrington, DOB 1971-04-05',
      html: '<p>Member: Wilhelmina Quarrington</p>',
      category: 'referral_phi',
      phi: true,
    });
    const [stored] = await t.database.query<{ body_text: string; body_html: string; phi: boolean }>(
      'SELECT body_text, body_html, phi FROM outbound_messages WHERE id = $1',
      [id],
    );
    expect(stored!.phi).toBe(true);
    expect(stored!.body_text).not.toContain('Quarrington');
    expect(stored!.body_html).not.toContain('Quarrington');
    expect(stored!.body_text).toMatch(/^v1\./);

    const seen: { text: string; html?: string | null }[] = [];
    const capturing: Drivers = {
      email: {
        name: 'smtp',
        send: async (m) => {
          seen.push({ text: m.text, html: m.html ?? null });
          return { providerMessageId: 'captured' };
        },
      },
      sms: new LocalSmsDriver(),
    };
    // The wrong key cannot open it: the attempt fails (and is retried) without sending anything.
    await expect(
      deliverOutboundMessage(t.database.db, capturing, id, { key: Buffer.alloc(32, 7) }),
    ).rejects.toThrow();
    expect(seen).toHaveLength(0);
    expect(await deliverOutboundMessage(t.database.db, capturing, id, { key: key() })).toBe('sent');
    expect(seen).toEqual([
      {
        text: 'Member: Wilhelmina Quarrington, DOB 1971-04-05',
        html: '<p>Member: Wilhelmina Quarrington</p>',
      },
    ]);
    // An ordinary message is stored as written.
    const plain = await queueSms(t.app.deps, t.database.db, { to: '+15550100', body: 'Hi', category: 'x' });
    const [row] = await t.database.query<{ body_text: string; phi: boolean }>(
      'SELECT body_text, phi FROM outbound_messages WHERE id = $1',
      [plain.id],
    );
    expect(row).toEqual({ body_text: 'Hi', phi: false });
  });

  describe('a message carrying a secret (issue #12: a development mailbox, not a vault)', () => {
    type SecretRow = Row & { body_text: string; body_html: string | null; body_removed_at: Date | null };
    const secretRow = async (id: number) =>
      (
        await t.database.query<SecretRow>(
          'SELECT status, attempts, driver, body_text, body_html, body_removed_at FROM outbound_messages WHERE id = $1',
          [id],
        )
      )[0]!;
    const queueCode = () =>
      queueSms(t.app.deps, t.database.db, {
        to: '+15550142',
        body: 'Your Trust Marketplace verification code is 918273.',
        category: 'two_factor_code',
        carriesSecret: true,
      });

    it('keeps the body when the local driver delivered it: the outbox is where it is read', async () => {
      const { id } = await queueCode();
      expect(await deliverOutboundMessage(t.database.db, local, id, { key: key() })).toBe('sent');
      expect(await secretRow(id)).toMatchObject({
        status: 'sent',
        driver: 'local',
        body_text: 'Your Trust Marketplace verification code is 918273.',
        body_removed_at: null,
      });
    });

    it('removes the body in the update that records a real delivery, and keeps it for a retry', async () => {
      const { id } = await queueEmail(t.app.deps, t.database.db, {
        to: 'viewer@trust.demo',
        subject: 'Reset your Trust Marketplace password',
        text: 'Open http://localhost:3000/reset-password?token=abc123secret',
        html: '<p><a href="http://localhost:3000/reset-password?token=abc123secret">Reset</a></p>',
        category: 'password_reset',
        carriesSecret: true,
      });
      // A failed attempt must keep the body: the retry needs it.
      await expect(deliverOutboundMessage(t.database.db, failing, id, { key: key() })).rejects.toThrow();
      expect((await secretRow(id)).body_text).toContain('abc123secret');
      const smtp: Drivers = {
        email: { name: 'smtp', send: async () => ({ providerMessageId: '<sent@smtp>' }) },
        sms: new LocalSmsDriver(),
      };
      expect(await deliverOutboundMessage(t.database.db, smtp, id, { key: key() })).toBe('sent');
      const row = await secretRow(id);
      expect(row).toMatchObject({
        status: 'sent',
        driver: 'smtp',
        body_text: OUTBOX_MESSAGES.secretBodyRemoved,
        body_html: null,
      });
      expect(row.body_removed_at).toBeInstanceOf(Date);
    });

    it('removes the body of an SMS code once Twilio delivered it', async () => {
      const { id } = await queueCode();
      const twilio: Drivers = {
        email: new LocalEmailDriver(),
        sms: { name: 'twilio', send: async () => ({ providerMessageId: 'SM123' }) },
      };
      expect(await deliverOutboundMessage(t.database.db, twilio, id, { key: key() })).toBe('sent');
      expect((await secretRow(id)).body_text).toBe(OUTBOX_MESSAGES.secretBodyRemoved);
    });

    it('removes the body once delivery failed for good', async () => {
      const { id } = await queueEmail(t.app.deps, t.database.db, {
        to: 'nobody@refused.example',
        subject: 'You are invited',
        text: 'Open http://localhost:3000/register?token=never-delivered',
        category: 'invitation',
        carriesSecret: true,
      });
      for (let attempt = 1; attempt < OUTBOUND_MAX_ATTEMPTS; attempt++) {
        await expect(deliverOutboundMessage(t.database.db, failing, id, { key: key() })).rejects.toThrow();
        expect((await secretRow(id)).body_text).toContain('never-delivered');
      }
      expect(await deliverOutboundMessage(t.database.db, failing, id, { key: key() })).toBe('failed');
      const row = await secretRow(id);
      expect(row).toMatchObject({ status: 'failed', body_text: OUTBOX_MESSAGES.secretBodyRemoved });
      expect(row.body_removed_at).toBeInstanceOf(Date);
    });
  });

  it('a rolled-back change takes its message with it', async () => {
    const before = await t.database.db.$count(outboundMessages);
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueEmail(t.app.deps, tx, { to: 'a@example.org', subject: 's', text: 't', category: 'x' });
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(await t.database.db.$count(outboundMessages)).toBe(before);
  });
});

describe('delivery through the job queue', () => {
  let t: TestApp;
  let deadPort: number;

  beforeAll(async () => {
    // A port where nothing listens: the SMTP driver's attempts fail.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await buildTestApp({ jobs: true, env: { SMTP_URL: `smtp://127.0.0.1:${deadPort}` } });
  });
  afterAll(async () => t?.close());

  async function waitFor(id: number, done: (row: Row) => boolean) {
    let row = await messageRow(t, id);
    for (let i = 0; i < 80 && !done(row); i++) {
      await new Promise((r) => setTimeout(r, 250));
      row = await messageRow(t, id);
    }
    return row;
  }

  it('delivers a message queued in a transaction promptly after commit (local SMS driver)', async () => {
    const { id } = await t.database.db.transaction((tx) =>
      queueSms(t.app.deps, tx, { to: '+15550199', body: 'Your code is 654321', category: 'login_code' }),
    );
    // The job was written in the same transaction, with the id derived from the message.
    expect(await t.app.deps.jobs!.getJob(DELIVER_JOB, deliveryJobId(id))).toBeTruthy();
    const row = await waitFor(id, (r) => r.status !== 'queued');
    expect(row).toMatchObject({
      status: 'sent',
      driver: 'local',
      attempts: 1,
      provider_message_id: `local-sms-${id}`,
    });
  });

  it('records a failed SMTP attempt and leaves the message queued for the retry; the change is kept', async () => {
    const { id } = await t.database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE users SET name = 'Renamed Staff' WHERE email = 'staff@trust.demo'`);
      return queueEmail(t.app.deps, tx, {
        to: 'staff@trust.demo',
        subject: 'Hi',
        text: 'Body',
        category: 'profile',
      });
    });
    const row = await waitFor(id, (r) => r.attempts > 0);
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.driver).toBe('smtp');
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await userName(t, 'staff@trust.demo')).toBe('Renamed Staff');
  });

  it('the sweep gives a job to a message that has none, once', async () => {
    // As a process without jobs (JOBS=off) would have written it.
    const [row] = await t.database.db
      .insert(outboundMessages)
      .values({ channel: 'sms', category: 'test', toAddress: '+15550111', bodyText: 'swept' })
      .returning({ id: outboundMessages.id });
    const id = row!.id;
    const jobs = t.app.deps.jobs!;
    expect(await jobs.getJob(DELIVER_JOB, deliveryJobId(id))).toBeNull();
    expect(await sweepQueuedMessages(t.database.db, jobs)).toBeGreaterThanOrEqual(1);
    expect(await jobs.getJob(DELIVER_JOB, deliveryJobId(id))).toBeTruthy();
    // Every queued message has its job now (the retrying email's too): a second sweep adds none.
    expect(await sweepQueuedMessages(t.database.db, jobs)).toBe(0);
    const delivered = await waitFor(id, (r) => r.status !== 'queued');
    expect(delivered).toMatchObject({ status: 'sent', driver: 'local' });
  });

  it('schedules the sweep every minute', async () => {
    const rows = await t.database.query<{ name: string; cron: string }>(
      'SELECT name, cron FROM pgboss.schedule',
    );
    expect(rows).toContainEqual(expect.objectContaining({ name: 'outbound.sweep', cron: '* * * * *' }));
  });
});
