import { z } from 'zod';

// Automated provider web-form submission on the wire (001 §2.10 Web Form tab, §3 Web form submission record,
// §5 "Web form submit", §7 "Web form and communications listing", §8 "Web form").

export const WEB_FORM_MESSAGES = {
  referralRequired: 'Please select a referral first',
  websiteMissing: 'Provider website URL not available. Please add a website URL to use this feature.',
  submitted: 'Form submitted successfully!',
  filled: 'Form fields filled successfully!',
  failedDefault: 'Failed to submit web form',
  browserMissing:
    'Web form submission needs Chromium on the server (set CHROMIUM_PATH, or install it: apt-get install -y chromium).',
  timedOut: 'The provider’s web form did not answer in time.',
  noForm: 'No form was found on the provider’s page.',
  requiredUnfilled: 'Some required fields could not be filled, so the form was not submitted.',
  running: 'Filling the provider’s web form…',
} as const;

/** 001 §8 'Web form submission failed: {error or message}'. */
export function webFormFailedMessage(errorOrMessage: string | null | undefined): string {
  return errorOrMessage?.trim()
    ? `Web form submission failed: ${errorOrMessage.trim()}`
    : WEB_FORM_MESSAGES.failedDefault;
}

/** Body of both 001 §7 calls: POST …/communications/webform and POST /api/providers/{id}/submit-web-form. */
export const webFormSubmitSchema = z.object({
  referral_id: z.number().int().positive({ message: WEB_FORM_MESSAGES.referralRequired }),
});
export type WebFormSubmit = z.infer<typeof webFormSubmitSchema>;

/** 001 §7 response: success, form_submitted, message, error, fields_filled, page_url, page_title, screenshots. */
export const webFormResultSchema = z.object({
  success: z.boolean(),
  submission_id: z.number().int(),
  /** queued | running | submitted | filled | failed (the record's state; queued/running until the job ends). */
  status: z.string(),
  form_submitted: z.boolean(),
  submission_success: z.boolean(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  fields_filled: z.record(z.string(), z.boolean()),
  page_url: z.string().nullable(),
  page_title: z.string().nullable(),
  /** Base64 PNG. */
  screenshot_before: z.string().nullable(),
  screenshot_after: z.string().nullable(),
});
export type WebFormResult = z.infer<typeof webFormResultSchema>;
