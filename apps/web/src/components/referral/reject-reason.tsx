import { Button, Group, Stack, Textarea } from '@mantine/core';
import { DECLINE_REASONS, RESPONSE_MESSAGES, referralRejectSchema } from '@trust/domain';
import { ApiError, errorText } from '../../api/errors.ts';
import { applyServerErrors } from '../form/apply-server-errors.ts';
import { useZodForm } from '../form/use-zod-form.ts';

// The reason of a rejection (000 §2.5, §5.6), shared by the provider response panel and the live feed's
// decline dialog: required, checked when the field is left and on confirm, by the server's own schema.

const reasonSchema = referralRejectSchema.pick({ reason: true });

/** 000 §8: the server's text, "Network error. Please try again." when it could not be reached, else the default. */
export function answerError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.isNetworkError) return RESPONSE_MESSAGES.networkError;
  return errorText(error, fallback);
}

export function useRejectReasonForm() {
  return useZodForm({ schema: reasonSchema, initialValues: { reason: '' }, validateInputOnBlur: true });
}

export type RejectReasonForm = ReturnType<typeof useRejectReasonForm>;

/** Confirm Rejection stays disabled while the reason is blank. */
export function reasonIsBlank(form: RejectReasonForm): boolean {
  return form.values.reason.trim() === '';
}

/**
 * A refused rejection: the server's message for the reason goes on the field; answers the text for the alert
 * (anything else), or null.
 */
export function rejectionFailure(form: RejectReasonForm, error: unknown): string | null {
  const rest = applyServerErrors(form, error, RESPONSE_MESSAGES.rejectFailed);
  return rest === null ? null : answerError(error, RESPONSE_MESSAGES.rejectFailed);
}

/**
 * The reason, with the common ones a tap away (issue #14): "At full capacity" also marks the provider full, so the
 * next matches pass it by. A provider may still write its own.
 */
export function RejectReasonInput({ form }: { form: RejectReasonForm }) {
  return (
    <Stack gap={6}>
      <Textarea
        label="Reason for rejection"
        required
        minRows={3}
        rows={3}
        maxLength={1000}
        {...form.getInputProps('reason')}
        data-autofocus
      />
      <Group gap={6} role="group" aria-label="Common reasons">
        {DECLINE_REASONS.map((reason) => (
          <Button
            key={reason}
            size="compact-xs"
            variant={form.values.reason === reason ? 'filled' : 'light'}
            color="gray"
            aria-pressed={form.values.reason === reason}
            onClick={() => form.setFieldValue('reason', reason)}
          >
            {reason}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
