import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { AccountCard } from './account-card.tsx';

/** A page whose submit turns the card into its result, as the password pages do. */
function ForgotFlow() {
  const [sent, setSent] = useState(false);
  return (
    <AccountCard title={sent ? 'Check Your Email' : 'Forgot Password'}>
      {sent ? (
        'Sent.'
      ) : (
        <button type="button" onClick={() => setSent(true)}>
          Send Reset Link
        </button>
      )}
    </AccountCard>
  );
}

describe('AccountCard', () => {
  it('leaves focus alone when shown, and moves it to the new title when a submit turns it into its result', async () => {
    renderWithProviders(<ForgotFlow />);
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).not.toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
  });
});
