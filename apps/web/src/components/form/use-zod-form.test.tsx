import { Alert, Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORG_MESSAGES, organizationCreateSchema } from '@trust/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { applyServerErrors } from './apply-server-errors.ts';
import { issuePath } from './schema-errors.ts';
import { useZodForm } from './use-zod-form.ts';

// The shared organization schema (002 §5): a name is required, an email and a website are checked.
function OrganizationForm({ onSave }: { onSave: (body: unknown) => Promise<void> }) {
  const form = useZodForm({
    schema: organizationCreateSchema,
    initialValues: { name: '', contact_email: '', website: '' },
    rules: (v) => ({
      ...(v.name.trim() === 'Taken' ? { name: 'That name is taken' } : {}),
      // A screen's own words for a value the schema refuses too.
      ...(v.website.startsWith('gopher:') ? { website: 'Gopher addresses are not supported' } : {}),
    }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((body) =>
        onSave(body).catch((error) => applyServerErrors(form, error, 'Failed to save')),
      )}
    >
      {form.formError && <Alert role="alert">{form.formError}</Alert>}
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Contact email" {...form.getInputProps('contact_email')} />
      <TextInput label="Website" {...form.getInputProps('website')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('useZodForm', () => {
  it('shows every message of the shared schema at once, verbatim, and sends nothing', async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(<OrganizationForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Contact email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Website'), 'ftp://x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(ORG_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(ORG_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(ORG_MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("clears an input's message when it changes, and submits the schema's parsed output", async () => {
    const onSave = vi.fn(async (_body: unknown) => {});
    renderWithProviders(<OrganizationForm onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(ORG_MESSAGES.nameRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), '  Harbor Pantry  ');
    expect(screen.queryByText(ORG_MESSAGES.nameRequired)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The schema trims: the handler gets the body the server would accept.
    expect(onSave).toHaveBeenCalledWith({ name: 'Harbor Pantry', contact_email: '', website: '' });
  });

  it('adds the rules the schema does not carry', async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(<OrganizationForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Taken');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('That name is taken')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts a rule's message on the input instead of the schema's for the same field", async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(<OrganizationForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Harbor Pantry');
    await userEvent.type(screen.getByLabelText('Website'), 'gopher://x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Gopher addresses are not supported')).toBeInTheDocument();
    expect(screen.queryByText(ORG_MESSAGES.invalidUrl)).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on the inputs and clears the alert on the next attempt", async () => {
    const onSave = vi
      .fn<(body: unknown) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          message: 'Organization name is required',
          detail: 'Organization name is required',
          fields: { name: 'Organization name is already used' },
        }),
      )
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Boom', detail: 'Boom' }))
      .mockResolvedValueOnce(undefined);
    renderWithProviders(<OrganizationForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Harbor');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization name is already used')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('issuePath', () => {
  it('joins the path, and a bad item of a list shows on the list', () => {
    expect(issuePath(['name'])).toBe('name');
    expect(issuePath(['services', 2])).toBe('services');
    expect(issuePath(['providers', 0, 'method_type'])).toBe('providers.0.method_type');
  });
});
