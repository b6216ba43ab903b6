import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitEvent } from '../../test/event-bus-mock.ts';
import { callsTo, errorResponse, jsonResponse } from '../../test/fetch-mock.ts';
import { makeMatchedReferral, makeReferral } from '../../test/referral-fixtures.ts';
import { makeEvent, renderWorkspace } from './workspace-test-utils.tsx';

// The page's one shared event stream, replaced by the bus the test drives (test/event-bus-mock.ts).
vi.mock('../../api/events/event-bus.ts', () => import('../../test/event-bus-mock.ts'));

afterEach(() => notifications.clean());

const location = () => screen.getByTestId('location');
const heading = (name: string) => screen.findByRole('heading', { name });

describe('Case Workspace states (000 §2.7)', { timeout: 30_000 }, () => {
  it('says no case is selected for an id that is not a referral id', async () => {
    const { fetchMock } = renderWorkspace({ path: '/workspace/abc' });
    expect(await heading('No case selected')).toBeInTheDocument();
    expect(screen.getByText('Select a referral from the queue to view case details.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/referrals'))).toBe(false);
  });

  it('says no case is selected for id 0', async () => {
    renderWorkspace({ path: '/workspace/0' });
    expect(await heading('No case selected')).toBeInTheDocument();
  });

  it('says the referral was not found, with Go Back to the member list', async () => {
    renderWorkspace({ referral: () => errorResponse(404, 'Referral not found', 'not_found') });
    expect(await heading('Referral Not Found')).toBeInTheDocument();
    expect(screen.getByText('The selected referral could not be found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(location()).toHaveTextContent(/^\/workspace$/);
  });

  it('shows the connection error with Retry when the server cannot be reached', async () => {
    let reachable = false;
    renderWorkspace({
      referral: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, makeReferral());
      },
    });
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to connect to the backend server.')).toBeInTheDocument();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await heading('Imani Okonkwo Reyes')).toBeInTheDocument();
  });
});

describe('Case Workspace header, contacts and overview (000 §2.7)', { timeout: 30_000 }, () => {
  it('shows the member, the Medicaid ID, the status and Find Providers while Pending', async () => {
    renderWorkspace();
    expect(await heading('Imani Okonkwo Reyes')).toBeInTheDocument();
    expect(screen.getByText('Medicaid ID: CA918273645 · Referral #4821093756')).toBeInTheDocument();
    const find = screen.getByRole('button', { name: 'Find Providers' });
    await userEvent.click(find);
    expect(location()).toHaveTextContent(/^\/finder$/);
  });

  it.each([
    ['on_hold', true],
    ['matched', false],
    ['in_progress', false],
    ['completed', false],
  ])('status %s: Find Providers shown = %s', async (status, shown) => {
    renderWorkspace({ referral: makeReferral({ status }) });
    await heading('Imani Okonkwo Reyes');
    expect(Boolean(screen.queryByRole('button', { name: 'Find Providers' }))).toBe(shown);
  });

  it("does not offer Find Providers to the matched provider's organization", async () => {
    renderWorkspace({ referral: makeReferral({ status: 'on_hold', viewer_role: 'provider' }) });
    await heading('Imani Okonkwo Reyes');
    expect(screen.queryByRole('button', { name: 'Find Providers' })).not.toBeInTheDocument();
  });

  it('links the four quick-contact cards to the phone, the mail, SMS and a maps search', async () => {
    renderWorkspace();
    await heading('Imani Okonkwo Reyes');
    const card = (name: string) => screen.getByRole('region', { name });
    expect(within(card('Call Member')).getByRole('link', { name: '(213) 555-0147' })).toHaveAttribute(
      'href',
      'tel:+12135550147',
    );
    expect(within(card('Send Email')).getByRole('link')).toHaveAttribute(
      'href',
      'mailto:imani.or@example.test',
    );
    expect(within(card('Send SMS')).getByRole('link')).toHaveAttribute('href', 'sms:+12135550147');
    const maps = within(card('Address')).getByRole('link', { name: '410 Alder Way, Los Angeles, CA 90012' });
    expect(maps).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=410%20Alder%20Way%2C%20Los%20Angeles%2C%20CA%2090012',
    );
    expect(maps).toHaveAttribute('target', '_blank');
  });

  it('says "No information available" on each card without a detail', async () => {
    renderWorkspace({
      referral: makeReferral({
        phone_number: null,
        email: null,
        street_address: null,
        city: null,
        state: null,
        zip_code: null,
      }),
    });
    await heading('Imani Okonkwo Reyes');
    for (const name of ['Call Member', 'Send Email', 'Send SMS', 'Address']) {
      const card = screen.getByRole('region', { name });
      expect(within(card).getByText('No information available')).toBeInTheDocument();
      expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('shows the case overview', async () => {
    const created = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
    renderWorkspace({
      referral: makeReferral({
        created_at: created,
        sdoh_needs: ['Housing Assistance', 'Transportation'],
        housing_subcategories: ['Housing navigation', 'Transitional housing'],
        transportation_subcategories: ['Bus passes / transit vouchers'],
      }),
    });
    const overview = await screen.findByRole('region', { name: 'Case Overview' });
    const section = (name: string) => within(overview).getByRole('region', { name });
    expect(section('Contact Information')).toHaveTextContent('(213) 555-0147');
    expect(section('Contact Information')).toHaveTextContent('imani.or@example.test');
    expect(section('Contact Information')).toHaveTextContent('410 Alder Way, Los Angeles, CA 90012');
    const member = section('Member Details');
    expect(member).toHaveTextContent('06/12/1984');
    expect(member).toHaveTextContent('English');
    expect(member).toHaveTextContent('Within 24h');
    expect(member).toHaveTextContent('3d ago');
    const needs = section('SDoH Needs');
    expect(within(needs).getByText('Housing Assistance')).toBeInTheDocument();
    expect(
      within(needs).getByText('Transportation', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    const housing = within(needs).getByRole('list', { name: 'Housing' });
    expect(
      within(housing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Housing navigation', 'Transitional housing']);
    expect(within(needs).getByRole('list', { name: 'Transportation' })).toHaveTextContent(
      'Bus passes / transit vouchers',
    );
    const provider = section('Referring Provider');
    expect(provider).toHaveTextContent('Dr. Priya Natarajan');
    expect(provider).toHaveTextContent('Eastside Medical Group');
    expect(provider).toHaveTextContent('1902837465');
    expect(section('Health Plan')).toHaveTextContent('Health Net');
    expect(section('Health Plan')).toHaveTextContent('Managed Care');
  });
});

describe('Matched provider card (000 §2.7)', { timeout: 30_000 }, () => {
  it('shows the provider, its state, the first 3 services plus "+N more" and when it was sent', async () => {
    renderWorkspace({
      referral: makeMatchedReferral(),
      events: [
        makeEvent('claimed', '2026-11-21T09:00:00.000Z', {
          details: { organization_name: 'Bayview Family Resource Center' },
        }),
      ],
    });
    const card = await screen.findByRole('region', { name: 'Matched Providers' });
    const row = within(card).getByRole('article', { name: 'Bayview Family Resource Center' });
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    const services = within(row).getByLabelText('Services');
    expect(within(services).getByText('Housing Assistance')).toBeInTheDocument();
    expect(within(services).getByText('Food Assistance')).toBeInTheDocument();
    expect(within(services).getByText('Childcare Support')).toBeInTheDocument();
    expect(within(services).queryByText('Legal Services')).not.toBeInTheDocument();
    expect(within(services).getByText('+1 more')).toBeInTheDocument();
    expect(
      await within(row).findByText(`Sent: ${new Date('2026-11-21T09:00:00.000Z').toLocaleString()}`),
    ).toBeInTheDocument();
    expect(within(card).getByText('Claimed from the live feed')).toBeInTheDocument();
    // The distance is not known yet: no figure is made up.
    expect(row).not.toHaveTextContent('miles');
    expect(within(card).queryByText('Provider Accepted')).not.toBeInTheDocument();
  });

  it('names the accepted provider in the "Provider Accepted" banner, with the response date', async () => {
    const acceptedAt = '2026-11-22T10:00:00.000Z';
    renderWorkspace({
      referral: makeMatchedReferral({
        status: 'accepted',
        acceptance_status: 'accepted',
        accepted_at: acceptedAt,
        match_method: 'auto',
      }),
    });
    const card = await screen.findByRole('region', { name: 'Auto-Matched Providers' });
    const banner = within(card).getByText('Provider Accepted').closest('[role="alert"]') as HTMLElement;
    expect(banner).toHaveTextContent(
      `Bayview Family Resource Center accepted this referral on ${new Date(acceptedAt).toLocaleString()}.`,
    );
    const row = within(card).getByRole('article', { name: 'Bayview Family Resource Center' });
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    expect(row).toHaveTextContent(`Responded: ${new Date(acceptedAt).toLocaleString()}`);
  });

  it('shows no provider card before a match', async () => {
    renderWorkspace();
    await heading('Imani Okonkwo Reyes');
    expect(screen.queryByRole('region', { name: /Matched Providers/ })).not.toBeInTheDocument();
  });
});

describe('Case Timeline (000 §2.7)', { timeout: 30_000 }, () => {
  it('tells the history newest first, with who and when', async () => {
    const events = [
      makeEvent('note_added', '2026-11-26T08:00:00.000Z', { actor_name: 'Dana Rivers' }),
      makeEvent('status_changed', '2026-11-25T08:00:00.000Z', {
        from_status: 'accepted',
        to_status: 'in_progress',
        actor_name: 'Dana Rivers',
      }),
      makeEvent('phi_email_sent', '2026-11-24T10:00:30.000Z', {
        details: { email_sent_to: 'intake@bayview.example.test' },
      }),
      makeEvent('accepted', '2026-11-24T10:00:00.000Z', {
        actor_name: 'Kai Bayview',
        details: {
          provider_name: 'Bayview Family Resource Center',
          email_sent_to: 'intake@bayview.example.test',
        },
      }),
      makeEvent('expired', '2026-11-23T09:00:00.000Z', { details: { provider_name: 'Old Provider' } }),
      makeEvent('rejected', '2026-11-22T09:00:00.000Z', {
        actor_name: 'Sam Other',
        details: { provider_name: 'Other Provider', reason: 'Outside our service area' },
      }),
      makeEvent('member_notified', '2026-11-21T09:00:01.000Z', {
        details: { channel: 'sms', status: 'matched', sent: true },
      }),
      makeEvent('claimed', '2026-11-21T09:00:00.000Z', {
        actor_name: 'Kai Bayview',
        details: { organization_name: 'Bayview Family Resource Center' },
      }),
      makeEvent('created', '2026-11-20T15:30:00.000Z', {
        actor_name: 'Dana Rivers',
        details: { referral_number: '4821093756' },
      }),
    ];
    renderWorkspace({
      referral: makeMatchedReferral({
        status: 'in_progress',
        acceptance_status: 'accepted',
        accepted_at: '2026-11-24T10:00:00.000Z',
        phi_email_sent: true,
        email_sent_to: 'intake@bayview.example.test',
      }),
      events,
    });
    const timeline = await screen.findByRole('list', { name: 'Case Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Case Note Added',
      'Services In Progress',
      'Provider Accepted Referral',
      'Referral Expired',
      'Provider Rejected Referral',
      'Member Notified by SMS',
      'Provider Matched',
      'Referral Created',
    ]);
    expect(items[1]).toHaveTextContent('Status changed from Accepted to In Progress');
    expect(items[1]).toHaveTextContent('Dana Rivers');
    expect(items[2]).toHaveTextContent('A secure PHI email was sent to intake@bayview.example.test');
    expect(items[2]).toHaveTextContent('Kai Bayview');
    expect(items[3]).toHaveTextContent('Provider did not respond within 7 days - will need to re-match');
    expect(items[3]).toHaveTextContent('System');
    expect(items[4]).toHaveTextContent('Reason: Outside our service area');
    expect(items[4]).toHaveTextContent('Will need to re-match');
    expect(items[5]).toHaveTextContent('The member was sent an SMS about the status Matched.');
    expect(items[6]).toHaveTextContent('Claimed by Bayview Family Resource Center');
    expect(items[7]).toHaveTextContent('Referral #4821093756');
    expect(items[7]).toHaveTextContent(new Date('2026-11-20T15:30:00.000Z').toLocaleString());
    // The response block shows only while the provider's answer is awaited.
    expect(screen.queryByText('Provider Response Required')).not.toBeInTheDocument();
  });

  it("heads the timeline with the provider's Accept and Reject while its answer is awaited, then shows the answer", async () => {
    let accepted = false;
    let sent: unknown = null;
    const acceptedAt = '2026-11-23T10:00:00.000Z';
    const { fetchMock } = renderWorkspace({
      referral: () =>
        jsonResponse(
          200,
          accepted
            ? makeMatchedReferral({
                viewer_role: 'provider',
                status: 'accepted',
                acceptance_status: 'accepted',
                accepted_at: acceptedAt,
                email_sent_to: 'intake@bayview.example.test',
              })
            : makeMatchedReferral({
                viewer_role: 'provider',
                expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
              }),
        ),
      events: () =>
        jsonResponse(200, {
          events: accepted
            ? [
                makeEvent('accepted', acceptedAt, {
                  id: 801,
                  actor_name: 'Kai Bayview',
                  details: {
                    provider_name: 'Bayview Family Resource Center',
                    email_sent_to: 'intake@bayview.example.test',
                  },
                }),
              ]
            : [],
        }),
      routes: {
        'POST /api/referrals/101/accept': (init) => {
          sent = JSON.parse(String(init.body));
          accepted = true;
          return jsonResponse(200, {
            accepted_at: acceptedAt,
            phi_email_sent: false,
            email_sent_to: 'intake@bayview.example.test',
          });
        },
        'GET /api/referrals/101/status': () =>
          jsonResponse(200, {
            acceptance_status: 'accepted',
            accepted_at: acceptedAt,
            rejected_at: null,
            rejection_reason: null,
            expires_at: null,
            phi_shared: false,
            email_sent_to: 'intake@bayview.example.test',
            phi_email_status: 'pending',
          }),
      },
    });
    const block = await screen.findByRole('region', { name: 'Provider Response Required' });
    expect(within(block).getByRole('button', { name: 'Reject' })).toBeEnabled();
    await userEvent.click(within(block).getByRole('button', { name: 'Accept' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));

    // The answer refreshes the referral and its history (000 §2.7 "page reloads after").
    const timeline = await screen.findByRole('list', { name: 'Case Timeline' });
    expect(await within(timeline).findByText('Provider Accepted Referral')).toBeInTheDocument();
    expect(timeline).toHaveTextContent(
      'Email Pending: the secure PHI email to intake@bayview.example.test has not been delivered yet.',
    );
    expect(screen.queryByRole('region', { name: 'Provider Response Required' })).not.toBeInTheDocument();
    expect(sent).toEqual({ provider_id: 55 });
    expect(callsTo(fetchMock, 'POST', '/api/referrals/101/accept')).toHaveLength(1);
  });

  it('tells the referring organization that the answer is awaited, without Accept or Reject', async () => {
    renderWorkspace({ referral: makeMatchedReferral() });
    const block = await screen.findByRole('region', { name: 'Provider Response Required' });
    expect(block).toHaveTextContent('Waiting for Bayview Family Resource Center to respond.');
    expect(within(block).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says the PHI email is pending until it is delivered', async () => {
    renderWorkspace({
      referral: makeMatchedReferral({ status: 'accepted', acceptance_status: 'accepted' }),
      events: [
        makeEvent('accepted', '2026-11-24T10:00:00.000Z', {
          details: {
            provider_name: 'Bayview Family Resource Center',
            email_sent_to: 'intake@bayview.example.test',
          },
        }),
      ],
    });
    expect(
      await screen.findByText(
        'Email Pending: the secure PHI email to intake@bayview.example.test has not been delivered yet.',
      ),
    ).toBeInTheDocument();
  });

  it('refreshes the referral and its history when the server says it changed', async () => {
    let status = 'matched';
    const { fetchMock } = renderWorkspace({
      referral: () => jsonResponse(200, makeMatchedReferral({ status })),
      events: () =>
        jsonResponse(200, {
          events:
            status === 'matched'
              ? []
              : [
                  makeEvent('status_changed', '2026-11-25T08:00:00.000Z', {
                    id: 900,
                    from_status: 'matched',
                    to_status: 'on_hold',
                    actor_name: 'Lee Park',
                  }),
                ],
        }),
    });
    await heading('Imani Okonkwo Reyes');
    expect(await screen.findByText('No history recorded for this referral yet.')).toBeInTheDocument();
    status = 'on_hold';
    const before = fetchMock.mock.calls.length;
    emitEvent('referral.changed', { id: 101, status: 'on_hold', change: 'status_changed' });
    expect(await screen.findByText('Case On Hold')).toBeInTheDocument();
    expect(screen.getByText('Lee Park', { exact: false })).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(before);
  });
});
