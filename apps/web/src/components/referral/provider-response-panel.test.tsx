import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emailPreview,
  PHI_EMAIL_NEXT_STEPS_TEXT,
  PHI_SECURITY_NOTICE,
  type Referral,
  type ReferralResponseStatus,
  toClientReferral,
} from '@trust/domain';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  deferred,
  errorResponse,
  jsonResponse,
  mockFetch,
  type RouteHandler,
} from '../../test/fetch-mock.ts';
import { makeMatchedReferral } from '../../test/referral-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ProviderResponsePanel } from './provider-response-panel.tsx';

// The fixture's provider must answer by 2026-11-28T09:00Z.
const FIVE_DAYS_LEFT = new Date('2026-11-23T09:00:00.000Z');

function statusBody(overrides: Partial<ReferralResponseStatus> = {}): ReferralResponseStatus {
  return {
    acceptance_status: 'pending',
    accepted_at: null,
    rejected_at: null,
    rejection_reason: null,
    expires_at: '2026-11-28T09:00:00.000Z',
    phi_shared: false,
    email_sent_to: null,
    phi_email_status: 'none',
    ...overrides,
  };
}

function renderPanel(
  overrides: Partial<Referral> = {},
  {
    routes = {},
    canAnswer = true,
    now = FIVE_DAYS_LEFT,
  }: { routes?: Record<string, RouteHandler>; canAnswer?: boolean; now?: Date } = {},
) {
  const fetchMock = mockFetch(routes);
  const referral = toClientReferral(makeMatchedReferral({ viewer_role: 'provider', ...overrides }));
  const view = renderWithProviders(
    <ProviderResponsePanel referral={referral} canAnswer={canAnswer} now={now} />,
  );
  return { ...view, fetchMock };
}

const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

describe('ProviderResponsePanel: awaiting the answer (000 §2.5)', () => {
  it('offers Accept and Reject to the matched provider, with the deadline', () => {
    renderPanel();
    expect(screen.getByText(/Matched to/)).toHaveTextContent(
      'Matched to Bayview Family Resource Center (your organization).',
    );
    expect(screen.getByText('Awaiting response')).toBeInTheDocument();
    expect(screen.getByText(/Respond by/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
  });

  it('shows the owner a read-only waiting state', () => {
    renderPanel({ viewer_role: 'owner' });
    expect(screen.getByText('Waiting for Bayview Family Resource Center to respond.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it("tells a provider organization's viewer it cannot answer", () => {
    renderPanel({}, { canAnswer: false });
    expect(
      screen.getByText('Your role in this organization can read this referral but not accept or reject it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('warns "Expiring Soon" when 3 or fewer days remain, rounded up', () => {
    const { unmount } = renderPanel({}, { now: new Date('2026-11-25T21:00:00.000Z') }); // 2.5 days → 3
    expect(screen.getByText('Expiring Soon')).toBeInTheDocument();
    expect(screen.getByText('3 days left to respond.')).toBeInTheDocument();
    unmount();
    const later = renderPanel({}, { now: new Date('2026-11-27T12:00:00.000Z') }); // 0.875 → 1
    expect(screen.getByText('1 day left to respond.')).toBeInTheDocument();
    later.unmount();
    renderPanel({}, { now: new Date('2026-11-24T08:00:00.000Z') }); // 4.04 → 5
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
  });

  it('shows an 80-character preview of the email and the security notice on request', async () => {
    const user = userEvent.setup();
    renderPanel();
    const toggle = screen.getByRole('button', { name: 'Show Email Preview' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Email Preview' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const preview = screen.getByTestId('email-preview');
    expect(preview).toHaveTextContent(emailPreview(PHI_EMAIL_NEXT_STEPS_TEXT));
    expect(preview.textContent).toBe(`${PHI_EMAIL_NEXT_STEPS_TEXT.slice(0, 80)}…`);
    expect(preview).toHaveTextContent('Contact the member within 48 hours');
    expect(screen.getByText('Subject: Referral 4821093756 accepted: member details')).toBeInTheDocument();
    expect(screen.getByText(PHI_SECURITY_NOTICE)).toBeInTheDocument();
    // The notice makes no promise about the transport it cannot keep.
    expect(PHI_SECURITY_NOTICE).not.toMatch(/TLS/);
    await user.click(screen.getByRole('button', { name: 'Hide Email Preview' }));
    expect(screen.queryByTestId('email-preview')).not.toBeInTheDocument();
  });
});

describe('ProviderResponsePanel: accepting', () => {
  it('confirms, sends the provider id, and shows "Referral Accepted" with the email pending', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPanel(
      {},
      {
        routes: {
          'POST /api/referrals/101/accept': () =>
            jsonResponse(200, {
              accepted_at: '2026-11-23T10:00:00.000Z',
              phi_email_sent: false,
              email_sent_to: 'intake@bayview.example.test',
            }),
          'GET /api/referrals/101/status': () =>
            jsonResponse(200, statusBody({ acceptance_status: 'accepted', phi_email_status: 'pending' })),
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept referral' });
    expect(dialog).toHaveTextContent(
      "Accept referral #4821093756? The member's full details will be emailed to intake@bayview.example.test.",
    );
    expect(callsTo(fetchMock, 'POST', '/api/referrals/101/accept')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Referral Accepted')).toBeInTheDocument();
    expect(screen.getByText('Email Pending')).toBeInTheDocument();
    expect(screen.getByText(/being emailed to intake@bayview.example.test/)).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', '/api/referrals/101/accept');
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0])).toEqual({ provider_id: 55 });
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it("shows the server's reason when the accept is refused", async () => {
    const user = userEvent.setup();
    renderPanel(
      {},
      {
        routes: {
          'POST /api/referrals/101/accept': () =>
            errorResponse(409, 'This referral has already been accepted.', 'conflict'),
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This referral has already been accepted.');
  });

  it('falls back to "Failed to accept referral", and says so when the network fails', async () => {
    const user = userEvent.setup();
    let network = false;
    renderPanel(
      {},
      {
        routes: {
          'POST /api/referrals/101/accept': () => {
            if (network) throw new TypeError('Failed to fetch');
            return new Response('Bad gateway', { status: 502 });
          },
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to accept referral');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    network = true;
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please try again.'),
    );
  });
});

describe('ProviderResponsePanel: rejecting', () => {
  it('needs a reason: Confirm Rejection is disabled while it is blank and while the call runs', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { fetchMock } = renderPanel(
      {},
      {
        routes: {
          'POST /api/referrals/101/reject': () => answer.promise,
          'GET /api/referrals/101/status': () =>
            jsonResponse(200, statusBody({ acceptance_status: 'rejected' })),
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const confirm = screen.getByRole('button', { name: 'Confirm Rejection' });
    expect(confirm).toBeDisabled();
    const box = screen.getByRole('textbox', { name: /Reason for rejection/ });
    await user.type(box, '   ');
    expect(confirm).toBeDisabled();
    await user.tab();
    expect(screen.getByText('Please provide a reason for rejection')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '  No capacity this month ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm Rejection' })).toBeDisabled());
    const calls = callsTo(fetchMock, 'POST', '/api/referrals/101/reject');
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0])).toEqual({ provider_id: 55, reason: 'No capacity this month' });

    answer.resolve(jsonResponse(200, { rejected_at: '2026-11-23T10:00:00.000Z' }));
    expect(await screen.findByText('Referral Rejected')).toBeInTheDocument();
    expect(screen.getByText('Reason: No capacity this month')).toBeInTheDocument();
    expect(screen.getByText(/It will need to be matched again/)).toBeInTheDocument();
  });

  it("puts the server's reason message on the field, and other failures in an alert", async () => {
    const user = userEvent.setup();
    let refusal: () => Response = () =>
      jsonResponse(400, {
        code: 'validation_failed',
        detail: 'Invalid body.',
        message: 'Invalid body.',
        error: 'Invalid body.',
        fields: { reason: 'Please provide a reason for rejection' },
      });
    renderPanel({}, { routes: { 'POST /api/referrals/101/reject': () => refusal() } });
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: /Reason for rejection/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText('Please provide a reason for rejection')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    refusal = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reject referral');
    refusal = () =>
      errorResponse(409, 'The time to respond has passed; this referral will be matched again.');
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The time to respond has passed; this referral will be matched again.',
      ),
    );
  });

  it('offers the common reasons a tap away; "At full capacity" is sent as chosen (issue #14)', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPanel(
      {},
      {
        routes: {
          'POST /api/referrals/101/reject': () =>
            jsonResponse(200, { rejected_at: '2026-11-23T10:00:00.000Z' }),
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const common = screen.getByRole('group', { name: 'Common reasons' });
    await user.click(within(common).getByRole('button', { name: 'At full capacity' }));
    expect(screen.getByRole('textbox', { name: /Reason for rejection/ })).toHaveValue('At full capacity');
    expect(within(common).getByRole('button', { name: 'At full capacity' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/referrals/101/reject')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/referrals/101/reject')[0])).toEqual({
      provider_id: 55,
      reason: 'At full capacity',
    });
  });

  it('Cancel closes the reason box', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });
});

describe('ProviderResponsePanel: answered', () => {
  const accepted = {
    status: 'accepted',
    acceptance_status: 'accepted',
    accepted_at: '2026-11-22T15:00:00.000Z',
    email_sent_to: 'intake@bayview.example.test',
  } satisfies Partial<Referral>;

  it('says the details email was sent', () => {
    const { fetchMock } = renderPanel({ ...accepted, phi_email_sent: true });
    expect(screen.getByText('Referral Accepted')).toBeInTheDocument();
    expect(screen.getByText('Email Sent')).toBeInTheDocument();
    expect(
      screen.getByText('The full member details were emailed to intake@bayview.example.test.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Email Pending')).not.toBeInTheDocument();
    // Nothing left to ask the server.
    expect(callsTo(fetchMock, 'GET', '/api/referrals/101/status')).toHaveLength(0);
  });

  it('says "Email Pending" until it is delivered, even when the status call fails (only logged)', async () => {
    const { fetchMock } = renderPanel(
      { ...accepted, viewer_role: 'owner' },
      { routes: { 'GET /api/referrals/101/status': () => errorResponse(500, 'boom') } },
    );
    expect(screen.getByText('Referral Accepted')).toBeInTheDocument();
    expect(screen.getByText('Email Pending')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/referrals/101/status')).toHaveLength(1));
    expect(screen.getByText('Email Pending')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when delivery failed for good, and when there was no address: a yellow warning with the fix, outside the green box', async () => {
    const { unmount } = renderPanel(accepted, {
      routes: {
        'GET /api/referrals/101/status': () =>
          jsonResponse(200, statusBody({ acceptance_status: 'accepted', phi_email_status: 'failed' })),
      },
    });
    const failed = await screen.findByRole('status', { name: 'Member details not emailed' });
    expect(failed).toHaveTextContent('Email Failed');
    expect(failed).toHaveTextContent(
      'The member details could not be emailed to the provider (intake@bayview.example.test)',
    );
    expect(failed).toHaveTextContent(
      "Check the provider's email address in the directory, then contact the provider to share the member details.",
    );
    expect(failed.getAttribute('style')).toContain('yellow');
    // The acceptance stays good news; the failure is not inside it.
    const acceptedBox = screen.getByText('Referral Accepted').closest('[role="status"]') as HTMLElement;
    expect(acceptedBox).not.toContainElement(failed);
    expect(acceptedBox).not.toHaveTextContent(/Email Failed|could not be emailed/);
    unmount();

    renderPanel({ ...accepted, email_sent_to: null });
    const noAddress = screen.getByRole('status', { name: 'Member details not emailed' });
    expect(noAddress).toHaveTextContent(
      'No email address is on file for Bayview Family Resource Center, so the member details could not be emailed.',
    );
    expect(noAddress).toHaveTextContent(
      'Add an email address for the provider in the directory, then contact the provider to share the member details.',
    );
    expect(noAddress.getAttribute('style')).toContain('yellow');
    expect(screen.getByText('Referral Accepted').closest('[role="status"]')).not.toHaveTextContent(
      /could not be emailed/,
    );
    expect(screen.queryByText('Email Pending')).not.toBeInTheDocument();
  });

  it('gives no warning while the email is pending or once it was sent', () => {
    const { unmount } = renderPanel({ ...accepted, phi_email_sent: true });
    expect(screen.queryByRole('status', { name: 'Member details not emailed' })).toBeNull();
    unmount();
    renderPanel({ ...accepted, viewer_role: 'owner' });
    expect(screen.getByText('Email Pending')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Member details not emailed' })).toBeNull();
  });

  it('shows the rejection with its reason', () => {
    // The reason comes with the referral itself: no status call is needed to show it.
    const { fetchMock } = renderPanel({
      status: 'rejected',
      acceptance_status: 'rejected',
      rejected_at: '2026-11-22T15:00:00.000Z',
      rejection_reason: 'Outside our area',
    });
    expect(screen.getByText('Referral Rejected')).toBeInTheDocument();
    expect(screen.getByText('Reason: Outside our area')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/referrals/101/status')).toHaveLength(0);
  });

  it('shows the expiry banner', () => {
    renderPanel({ status: 'pending', acceptance_status: 'expired' });
    expect(screen.getByText('Referral Expired')).toBeInTheDocument();
    expect(
      screen.getByText('Provider did not respond within 7 days - will need to re-match'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
