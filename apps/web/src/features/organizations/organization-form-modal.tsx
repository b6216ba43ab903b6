import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  ORG_MESSAGES,
  ORG_TYPES,
  type Organization,
  type OrganizationCreate,
  organizationCreateSchema,
} from '@trust/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useSaveOrganization } from '../../api/orgs/save-organization.ts';

const TYPE_LABELS: Record<(typeof ORG_TYPES)[number], string> = {
  health_plan: 'Health plan',
  cbo: 'Community organization',
  clinic: 'Clinic',
  other: 'Other',
};

type Values = {
  name: string;
  org_type: (typeof ORG_TYPES)[number];
  description: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  website: string;
  logo_url: string;
};

function initialValues(org: Organization | null): Values {
  return {
    name: org?.name ?? '',
    org_type: org?.org_type ?? 'cbo',
    description: org?.description ?? '',
    contact_email: org?.contact_email ?? '',
    contact_phone: org?.contact_phone ?? '',
    address: org?.address ?? '',
    website: org?.website ?? '',
    logo_url: org?.logo_url ?? '',
  };
}

/** The create/edit form of the Organizations screen (002 §2): name required; email, URL and phone typed. */
export function OrganizationFormModal({
  opened,
  organization,
  onClose,
  onSaved,
}: {
  opened: boolean;
  /** null creates a new organization. */
  organization: Organization | null;
  onClose: () => void;
  onSaved?: (org: Organization) => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(organization));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOrganization();

  useEffect(() => {
    if (opened) {
      setValues(initialValues(organization));
      setErrors({});
      save.reset();
    }
  }, [opened, organization, save.reset]);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = organizationCreateSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'name');
        fieldErrors[key] ??= issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    save.mutate(
      { id: organization?.id ?? null, body: parsed.data as OrganizationCreate },
      {
        onSuccess: (org) => {
          onSaved?.(org);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
        },
      },
    );
  };

  const failure = save.error
    ? errorText(save.error, organization ? ORG_MESSAGES.updateFailed : ORG_MESSAGES.createFailed)
    : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={organization ? 'Edit Organization' : 'New Organization'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            value={values.name}
            error={errors.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <Select
            label="Type"
            data={ORG_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            value={values.org_type}
            onChange={(v) => v && set('org_type')(v)}
            allowDeselect={false}
          />
          <Textarea
            label="Description"
            rows={3}
            value={values.description}
            error={errors.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Contact email"
              type="email"
              value={values.contact_email}
              error={errors.contact_email}
              onChange={(e) => set('contact_email')(e.currentTarget.value)}
            />
            <TextInput
              label="Contact phone"
              type="tel"
              value={values.contact_phone}
              error={errors.contact_phone}
              onChange={(e) => set('contact_phone')(e.currentTarget.value)}
            />
          </Group>
          <TextInput
            label="Address"
            value={values.address}
            error={errors.address}
            onChange={(e) => set('address')(e.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Website"
              type="url"
              placeholder="https://"
              value={values.website}
              error={errors.website}
              onChange={(e) => set('website')(e.currentTarget.value)}
            />
            <TextInput
              label="Logo URL"
              type="url"
              placeholder="https://"
              value={values.logo_url}
              error={errors.logo_url}
              onChange={(e) => set('logo_url')(e.currentTarget.value)}
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {organization ? 'Save Changes' : 'Create Organization'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
