import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebFormResult, WebFormSubmission } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { makeDirectoryProvider } from '../../components/provider/provider-fixtures.ts';
import { callsTo, deferred, errorResponse, jsonResponse } from '../../test/fetch-mock.ts';
import { chooseReferral, openTab, renderProviderScreen } from './provider-communications-test-utils.tsx';

function result(overrides: Partial<WebFormResult> = {}): WebFormResult {
  return {
    success: true,
    submission_id: 7,
    status: 'submitted',
    form_submitted: true,
    submission_success: true,
    message: null,
    error: null,
    fields_filled: { member_name: true, phone: true, notes: false },
    page_url: 'https://marigold.example.org/intake',
    page_title: 'Marigold intake form',
    screenshot_before: 'iVBORw0KGgoBEFORE',
    screenshot_after: 'iVBORw0KGgoAFTER',
    ...overrides,
  };
}

function record(overrides: Partial<WebFormSubmission> = {}): WebFormSubmission {
  const { success: _s, submission_id, ...rest } = result();
  return { id: submission_id, created_at: '2026-11-21T09:05:00.000Z', ...rest, ...overrides };
}

const screenshots = (list: WebFormSubmission[]) =>
  jsonResponse(200, { screenshots: list, total: list.length, page: 1, page_size: 10 });

async function openWebForm() {
  await openTab('Web Form');
  return screen.findByRole('button', { name: 'Submit Web Form' });
}

describe('Web Form tab (001 §2.10, §5, §8)', { timeout: 60_000 }, () => {
  it('warns and disables the button without a website or form address', async () => {
    renderProviderScreen({ provider: makeDirectoryProvider({ website: null, web_form_url: null }) });
    const submit = await openWebForm();
    expect(
      screen.getByText('Provider website URL not available. Please add a website URL to use this feature.'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it("needs a referral first ('Please select a referral first')", async () => {
    const { fetchMock } = renderProviderScreen();
    await userEvent.click(await openWebForm());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a referral first');
    expect(callsTo(fetchMock, 'POST', '/api/providers/501/communications/webform')).toHaveLength(0);
  });

  it('shows progress while it runs, then the record with status, fields, page and both screenshots', async () => {
    const answer = deferred<Response>();
    const { fetchMock } = renderProviderScreen({
      routes: {
        'POST /api/providers/501/communications/webform': () => answer.promise,
        'GET /api/referrals/101/screenshots': () =>
          screenshots([
            record(),
            record({ id: 3, page_title: 'Older run', submission_success: false, form_submitted: false }),
          ]),
      },
    });
    const submit = await openWebForm();
    await chooseReferral(/#4821093756/);
    await userEvent.click(submit);
    const progress = await screen.findByRole('status', { name: 'Web form in progress' });
    expect(progress).toHaveTextContent('Filling the provider’s web form…');
    expect(
      JSON.parse(
        String(callsTo(fetchMock, 'POST', '/api/providers/501/communications/webform')[0]![1]?.body),
      ),
    ).toEqual({
      referral_id: 101,
    });
    answer.resolve(jsonResponse(200, result()));

    const outcome = await screen.findByRole('region', { name: 'Submission result' });
    expect(within(outcome).getByText('Form submitted successfully!')).toBeInTheDocument();
    expect(within(outcome).getByText('Submitted')).toBeInTheDocument();
    expect(outcome).toHaveTextContent('2 of 3 fields filled');
    expect(outcome).toHaveTextContent('notes: not filled');
    expect(outcome).toHaveTextContent('Marigold intake form');
    expect(outcome).toHaveTextContent('https://marigold.example.org/intake');
    expect(within(outcome).getByRole('img', { name: 'Form before filling' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgoBEFORE',
    );
    expect(within(outcome).getByRole('img', { name: 'Form after filling' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgoAFTER',
    );
    expect(screen.queryByRole('status', { name: 'Web form in progress' })).not.toBeInTheDocument();
    // The referral's earlier submissions, without the one just shown.
    const earlier = await screen.findByRole('region', { name: 'Earlier submissions' });
    expect(within(earlier).getAllByRole('listitem')).toHaveLength(1);
    expect(earlier).toHaveTextContent('Older run');
    expect(within(earlier).getByText('Filled')).toBeInTheDocument();
  });

  it("says 'Form fields filled successfully!' when the form was filled but not sent", async () => {
    renderProviderScreen({
      routes: {
        'POST /api/providers/501/communications/webform': () =>
          jsonResponse(200, result({ status: 'filled', form_submitted: false, submission_success: false })),
      },
    });
    const submit = await openWebForm();
    await chooseReferral(/#4821093756/);
    await userEvent.click(submit);
    const outcome = await screen.findByRole('region', { name: 'Submission result' });
    expect(within(outcome).getByText('Form fields filled successfully!')).toBeInTheDocument();
    expect(within(outcome).getByText('Filled')).toBeInTheDocument();
  });

  it("words a failure 'Web form submission failed: …'", async () => {
    let answer = () =>
      jsonResponse(
        200,
        result({
          success: false,
          status: 'failed',
          form_submitted: false,
          submission_success: false,
          error: 'The provider’s web form did not answer in time.',
        }),
      );
    renderProviderScreen({ routes: { 'POST /api/providers/501/communications/webform': () => answer() } });
    const submit = await openWebForm();
    await chooseReferral(/#4821093756/);
    await userEvent.click(submit);
    expect(
      await screen.findByText('Web form submission failed: The provider’s web form did not answer in time.'),
    ).toBeInTheDocument();
    answer = () => errorResponse(422, 'The provider’s web form address is not a valid http(s) address.');
    await userEvent.click(submit);
    expect(
      await screen.findByText(
        'Web form submission failed: The provider’s web form address is not a valid http(s) address.',
      ),
    ).toBeInTheDocument();
  });

  it('waits for a queued run until its record has ended', async () => {
    let runs = [record({ status: 'running', screenshot_after: null })];
    renderProviderScreen({
      routes: {
        'POST /api/providers/501/communications/webform': () =>
          jsonResponse(200, result({ status: 'queued', form_submitted: false, submission_success: false })),
        'GET /api/referrals/101/screenshots': () => screenshots(runs),
      },
    });
    const submit = await openWebForm();
    await chooseReferral(/#4821093756/);
    await userEvent.click(submit);
    expect(await screen.findByRole('status', { name: 'Web form in progress' })).toBeInTheDocument();
    // The run on screen is not one of the earlier submissions.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Earlier submissions' })).not.toBeInTheDocument();
    runs = [record()];
    const outcome = await screen.findByRole('region', { name: 'Submission result' }, { timeout: 8_000 });
    expect(within(outcome).getByText('Form submitted successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Web form in progress' })).not.toBeInTheDocument(),
    );
  });
});
