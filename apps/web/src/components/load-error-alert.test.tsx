import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../api/errors.ts';
import { renderWithProviders } from '../test/render-app.tsx';
import { LoadErrorAlert } from './load-error-alert.tsx';

const refused = new ApiError({
  status: 403,
  message: 'Forbidden',
  detail: 'Your role does not allow this action.',
});
const failed = new ApiError({ status: 500, message: 'Internal Server Error' });

describe('LoadErrorAlert', () => {
  it('000 §8: the connection error and a Retry that asks again', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<LoadErrorAlert error={networkError()} what="referrals" onRetry={onRetry} />);
    const alert = screen.getByRole('alert', { name: 'Connection Error' });
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("a refusal shows the server's reason under 'Could not load …'", () => {
    renderWithProviders(<LoadErrorAlert error={refused} what="referrals" onRetry={() => {}} />);
    const alert = screen.getByRole('alert', { name: 'Could not load referrals' });
    expect(alert).toHaveTextContent('Your role does not allow this action.');
  });

  it('a failed server without a reason reads as the connection error', () => {
    renderWithProviders(<LoadErrorAlert error={failed} what="referrals" onRetry={() => {}} />);
    expect(screen.getByRole('alert', { name: 'Connection Error' })).toHaveTextContent(
      'Unable to connect to the backend server.',
    );
  });

  it("takes the screen's own text: then a failed server reads 'Could not load …'", () => {
    renderWithProviders(
      <LoadErrorAlert error={failed} what="users" message="Failed to load users" onRetry={() => {}} />,
    );
    expect(screen.getByRole('alert', { name: 'Could not load users' })).toHaveTextContent(
      'Failed to load users',
    );
  });

  it("takes the screen's own title, no text, its own Retry words and further actions", async () => {
    const onBack = vi.fn();
    renderWithProviders(
      <LoadErrorAlert
        error={failed}
        title="Failed to load case notes"
        message={null}
        retryLabel="Try again"
        onRetry={() => {}}
      >
        <Button size="xs" onClick={onBack}>
          Go Back
        </Button>
      </LoadErrorAlert>,
    );
    const alert = screen.getByRole('alert', { name: 'Failed to load case notes' });
    expect(alert).not.toHaveTextContent('Unable to connect');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Go Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('has no title without `what` or `title`', () => {
    renderWithProviders(
      <LoadErrorAlert error={failed} message="The case timeline could not be loaded." onRetry={() => {}} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The case timeline could not be loaded.Retry');
  });

  it('compact: one line with a small Retry, for a refresh that failed under a shown list', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<LoadErrorAlert compact error={networkError()} what="referrals" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Unable to connect to the backend server.');
    expect(alert).not.toHaveTextContent('Connection Error');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
