import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  OTF_DEFAULTS,
  OTF_ESCALATIONS,
  OTF_LANGUAGES,
  OTF_MESSAGES,
  OTF_REFERRAL_TYPES,
  OTF_SDOH_NEEDS,
  OTF_TIMELINES,
  otfRtfCreateSchema,
} from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useSubmitOtfRtf } from '../../api/otf-rtf/submit-otf-rtf.ts';

type Values = { [K in keyof typeof OTF_DEFAULTS]: string };
type Field = keyof Values;
type Notice = { kind: 'success' } | { kind: 'error'; detail: string | null };

const defaults = (): Values => ({ ...OTF_DEFAULTS });

/** The first message of each field the shared schema rejects (the server gives the same ones). */
function fieldErrors(values: Values): Partial<Record<Field, string>> {
  const result = otfRtfCreateSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * 000 §2.9: the OTF/RTF form in three sections, with the §5.6 defaults; Cancel puts the defaults back. All six
 * fields are required; the browser checks them with the server's schema, and the server checks them again.
 */
export function OtfRtfForm({ canSubmit }: { canSubmit: boolean }) {
  const [values, setValues] = useState<Values>(defaults);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const submit = useSubmitOtfRtf();

  const set = (field: Field) => (value: string | null) => {
    setValues((v) => ({ ...v, [field]: value ?? '' }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const reset = () => {
    setValues(defaults());
    setErrors({});
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = fieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submit.mutate(otfRtfCreateSchema.parse(values), {
      onSuccess: () => {
        setValues(defaults());
        setNotice({ kind: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields)
          setErrors(error.fields as Partial<Record<Field, string>>);
        setNotice({ kind: 'error', detail: error instanceof ApiError ? error.detail : null });
      },
    });
  };

  const select = (field: Field, label: string, options: readonly string[]) => (
    <Select
      label={label}
      data={[...options]}
      value={values[field] || null}
      onChange={set(field)}
      error={errors[field]}
      required
      allowDeselect={false}
      disabled={!canSubmit}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label="OTF/RTF form"
    >
      <Stack gap="lg">
        {notice?.kind === 'success' && (
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setNotice(null)}
          >
            {OTF_MESSAGES.submitted}
          </Alert>
        )}
        {notice?.kind === 'error' && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={OTF_MESSAGES.submitFailed}
          >
            {notice.detail}
          </Alert>
        )}

        <Stack gap="sm">
          <Title order={3} size="h4">
            Location & Referral Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="ZIP Code"
              value={values.zip_code}
              onChange={(e) => set('zip_code')(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
              error={errors.zip_code}
              required
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              disabled={!canSubmit}
            />
            {select('referral_type', 'Referral Type', OTF_REFERRAL_TYPES)}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h4">
            Service Requirements
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select('sdoh_need', 'SDoH Need', OTF_SDOH_NEEDS)}
          </SimpleGrid>
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h4">
            Language & Priority Settings
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {select('preferred_language', 'Preferred Language', OTF_LANGUAGES)}
            {select('timeline', 'Timeline', OTF_TIMELINES)}
            {select('escalation', 'Escalation Level', OTF_ESCALATIONS)}
          </SimpleGrid>
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={reset} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.isPending} disabled={!canSubmit}>
            Submit OTF/RTF
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
