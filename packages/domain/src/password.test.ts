import { describe, expect, it } from 'vitest';
import { registrationErrors } from './invitations.ts';
import { changePasswordErrors, isEmailAddress, passwordStrength, resetPasswordErrors } from './password.ts';

describe('passwordStrength (003 §5)', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 0, 'Weak'],
    ['abcdefgh', 1, 'Weak'],
    ['abcdefgH', 2, 'Fair'],
    ['abcdefgH1', 3, 'Fair'],
    ['abcdefgH1!', 4, 'Good'],
    ['abcdefghijkl', 2, 'Fair'],
    ['abcdefgH1!xyz', 5, 'Strong'],
    ['!!!!', 1, 'Weak'],
    ['1234', 1, 'Weak'],
    ['aB1!', 3, 'Fair'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('needs both cases for the mixed-case point', () => {
    expect(passwordStrength('ABCDEFGH').score).toBe(1);
    expect(passwordStrength('abcdefgh').score).toBe(1);
  });
});

describe('isEmailAddress', () => {
  it('wants text, @, domain, dot', () => {
    expect(isEmailAddress(' a@b.co ')).toBe(true);
    expect(isEmailAddress('a@b')).toBe(false);
    expect(isEmailAddress('ab.co')).toBe(false);
    expect(isEmailAddress('a b@c.de')).toBe(false);
  });
});

describe('registrationErrors (003 §5)', () => {
  const ok = {
    invitation_token: 't',
    password: 'longenough',
    confirm_password: 'longenough',
    phone_number: '555',
    terms_accepted: true,
    hipaa_accepted: true,
  };
  it('passes a complete form', () => {
    expect(registrationErrors(ok)).toEqual({});
  });
  it('gives each rule its message', () => {
    expect(registrationErrors({})).toEqual({
      invitation_token: 'Invalid invitation token',
      password: 'Password must be at least 8 characters long',
      terms_accepted: 'You must accept the Terms of Service to continue',
      hipaa_accepted: 'You must accept the HIPAA Agreement to continue',
      phone_number: 'Phone number is required for two-factor authentication',
    });
    expect(registrationErrors({ ...ok, confirm_password: 'other' })).toEqual({
      confirm_password: 'Passwords do not match',
    });
    expect(registrationErrors({ ...ok, phone_number: '   ' })).toEqual({
      phone_number: 'Phone number is required for two-factor authentication',
    });
  });
});

describe('resetPasswordErrors and changePasswordErrors (003 §5)', () => {
  it('checks the reset token, length and match', () => {
    expect(resetPasswordErrors({ reset_token: '', new_password: 'short' })).toEqual({
      reset_token: 'Invalid reset token',
      new_password: 'Password must be at least 8 characters long',
    });
    expect(
      resetPasswordErrors({ reset_token: 't', new_password: 'longenough', confirm_password: 'x' }),
    ).toEqual({ confirm_password: 'Passwords do not match' });
  });
  it('checks the change password rules', () => {
    expect(changePasswordErrors({ current_password: 'old-password', new_password: 'short' })).toEqual({
      new_password: 'New password must be at least 8 characters long',
    });
    expect(
      changePasswordErrors({
        current_password: 'old-password',
        new_password: 'newpassword',
        confirm_password: 'x',
      }),
    ).toEqual({ confirm_password: 'New passwords do not match' });
    expect(
      changePasswordErrors({ current_password: 'same-password', new_password: 'same-password' }),
    ).toEqual({
      new_password: 'New password must be different from current password',
    });
    expect(changePasswordErrors({ current_password: 'old-password', new_password: 'new-password' })).toEqual(
      {},
    );
  });
});
