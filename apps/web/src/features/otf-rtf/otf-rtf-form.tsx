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
import { useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useSubmitOtfRtf } from '../../api/otf-rtf/submit-otf-rtf.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

type Values = { [K in keyof typeof OTF_DEFAULTS]: string };
type Field = keyof Values;
type Notice = { kind: 'success' } | { kind: 'error'; detail: string | null };

const defaults = (): Values => ({ ...OTF_DEFAULTS });

/**
 * 000 §2.9: the OTF/RTF form in three sections, with the §5.6 defaults; Cancel puts the defaults back. All six
 * fields are required; the browser checks them with the server's schema, and the server checks them again.
 */
export function OtfRtfForm({ canSubmit }: { canSubmit: boolean }) {
  const form = useZodForm({ schema: otfRtfCreateSchema, initialValues: defaults() });
  const [notice, setNotice] = useState<Notice | null>(null);
  const submit = useSubmitOtfRtf();

  const reset = () => {
    form.reset();
    setNotice(null);
  };

  const onSubmit = form.onSubmit(
    (body) => {
      setNotice(null);
      submit.mutate(body, {
        onSuccess: () => {
          form.setValues(defaults());
          setNotice({ kind: 'success' });
        },
        onError: (error) => {
          applyServerErrors(form, error, OTF_MESSAGES.submitFailed);
          setNotice({ kind: 'error', detail: error instanceof ApiError ? error.detail : null });
        },
      });
    },
    () => setNotice(null),
  );

  const select = (field: Field, label: string, options: readonly string[]) => (
    <Select
      label={label}
      data={[...options]}
      {...form.getInputProps(field)}
      value={form.values[field] || null}
      onChange={(value) => form.setFieldValue(field, value ?? '')}
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
              {...form.getInputProps('zip_code')}
              onChange={(e) =>
                form.setFieldValue('zip_code', e.currentTarget.value.replace(/\D/g, '').slice(0, 5))
              }
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
