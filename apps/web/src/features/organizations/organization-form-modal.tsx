import { Alert, Button, Group, Modal, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  BROWSER_SPEECH_SETTING,
  browserSpeechAllowed,
  ORG_MESSAGES,
  ORG_TYPES,
  type Organization,
  organizationCreateSchema,
} from '@trust/domain';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useSaveOrganization } from '../../api/orgs/save-organization.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

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
  const form = useZodForm({ schema: organizationCreateSchema, initialValues: initialValues(organization) });
  const save = useSaveOrganization();
  // Issue #19: a setting of organizations.settings, kept beside the form's fields and merged into them on save.
  const [browserSpeech, setBrowserSpeech] = useState(browserSpeechAllowed(organization?.settings));

  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (opened) {
      setValues(initialValues(organization));
      setBrowserSpeech(browserSpeechAllowed(organization?.settings));
      clearErrors();
      save.reset();
    }
  }, [opened, organization, save.reset, setValues, clearErrors]);

  const submit = form.onSubmit((fields) => {
    const body = {
      ...fields,
      settings: { ...(organization?.settings ?? {}), [BROWSER_SPEECH_SETTING]: browserSpeech },
    };
    save.mutate(
      { id: organization?.id ?? null, body },
      {
        onSuccess: (org) => {
          onSaved?.(org);
          onClose();
        },
        // The fields go on the inputs; the alert below shows the server's detail as well.
        onError: (error) => applyServerErrors(form, error, ORG_MESSAGES.createFailed),
      },
    );
  });

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
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Type"
            data={ORG_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            {...form.getInputProps('org_type')}
            allowDeselect={false}
          />
          <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
          <Group grow align="flex-start">
            <TextInput label="Contact email" type="email" {...form.getInputProps('contact_email')} />
            <TextInput label="Contact phone" type="tel" {...form.getInputProps('contact_phone')} />
          </Group>
          <TextInput label="Address" {...form.getInputProps('address')} />
          <Group grow align="flex-start">
            <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website')} />
            <TextInput
              label="Logo URL"
              type="url"
              placeholder="https://"
              {...form.getInputProps('logo_url')}
            />
          </Group>
          <Switch
            label="Allow in-browser speech recognition"
            description="Voice referrals may then use the browser's own recognition (Chrome, Edge), which sends the audio to the browser's vendor. Off: recordings are transcribed on this product's server."
            checked={browserSpeech}
            onChange={(event) => setBrowserSpeech(event.currentTarget.checked)}
          />
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
