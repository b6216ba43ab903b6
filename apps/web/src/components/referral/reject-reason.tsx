import { Textarea } from '@mantine/core';
import { RESPONSE_MESSAGES, referralRejectSchema } from '@trust/domain';
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

export function RejectReasonInput({ form }: { form: RejectReasonForm }) {
  return (
    <Textarea
      label="Reason for rejection"
      required
      minRows={3}
      rows={3}
      maxLength={1000}
      {...form.getInputProps('reason')}
      data-autofocus
    />
  );
}
