import type { FormErrors } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../api/errors.ts';
import { applyServerErrors } from './apply-server-errors.ts';

function fakeForm(values: unknown) {
  const state: { errors: FormErrors; formError: string | null | undefined } = {
    errors: {},
    formError: undefined,
  };
  return {
    state,
    getValues: () => values,
    setErrors: (errors: FormErrors) => {
      state.errors = errors;
    },
    setFormError: (message: string | null) => {
      state.formError = message;
    },
  };
}

const validation = (fields: Record<string, string>, detail = Object.values(fields)[0] ?? null) =>
  new ApiError({ status: 400, code: 'validation_failed', message: detail ?? 'x', detail, fields });

describe('applyServerErrors', () => {
  it('puts each field message on its input and leaves no form-level text', () => {
    const form = fakeForm({ name: '', contact: { phone: '' } });
    const text = applyServerErrors(
      form,
      validation({ name: 'Organization name is required', 'contact.phone': 'Enter a phone' }),
      'Failed',
    );
    expect(form.state.errors).toEqual({
      name: 'Organization name is required',
      'contact.phone': 'Enter a phone',
    });
    expect(text).toBeNull();
    expect(form.state.formError).toBeNull();
  });

  it('answers the message of a field no input shows, so it is never lost', () => {
    const form = fakeForm({ password: '' });
    const text = applyServerErrors(
      form,
      validation(
        { password: 'Too short', invitation_token: 'This invitation has expired' },
        'Invalid body. password: Too short; invitation_token: This invitation has expired',
      ),
      'Registration failed',
    );
    expect(form.state.errors).toEqual({
      password: 'Too short',
      invitation_token: 'This invitation has expired',
    });
    expect(text).toBe('This invitation has expired');
    expect(form.state.formError).toBe('This invitation has expired');
  });

  it('renames wire fields the form shows elsewhere; the first message of a place wins', () => {
    const form = fakeForm({ sdoh_needs: [] });
    applyServerErrors(
      form,
      validation({ housing_subcategories: 'Pick a housing need', sdoh_needs: 'Pick a need' }),
      'Failed',
      { fieldOf: (f) => (f.endsWith('_subcategories') ? 'sdoh_needs' : f) },
    );
    expect(form.state.errors).toEqual({ sdoh_needs: 'Pick a housing need' });
  });

  it('answers the detail of an error without fields, the fallback when there is none', () => {
    const form = fakeForm({ name: '' });
    expect(
      applyServerErrors(form, new ApiError({ status: 409, message: 'Taken', detail: 'Taken' }), 'Failed'),
    ).toBe('Taken');
    expect(form.state.errors).toEqual({});
    expect(applyServerErrors(form, new ApiError({ status: 500, message: 'HTTP 500: ' }), 'Failed')).toBe(
      'Failed',
    );
    expect(applyServerErrors(form, new Error('boom'), 'Failed')).toBe('Failed');
    expect(applyServerErrors(form, networkError(), 'Failed')).toBe(networkError().detail);
  });

  it('works with a plain Mantine form (no form-level state)', () => {
    const { state: _state, setFormError: _set, ...plain } = fakeForm({ reason: '' });
    expect(applyServerErrors(plain, validation({ reason: 'Give a reason' }), 'Failed')).toBeNull();
  });
});
