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
  // Server-side outcomes the spec does not word.
  providerNotFound: 'Provider not found',
  referralNotFound: 'Referral not found',
  badUrl: 'The provider’s web form address is not a valid http(s) address.',
  privateHost:
    'The provider’s web form address points to a private network address, so the server did not open it.',
  unreachable: 'The provider’s web form page could not be opened.',
  formChanged: 'The provider’s form changed while it was being filled.',
  invalidValues: 'The provider’s form did not accept some of the values, so it was not submitted.',
  notConfirmed: 'The form was sent, but the provider’s page did not confirm it.',
  errorShown: 'The form was sent, but the provider’s page showed an error.',
  interrupted: 'The web form submission was interrupted before it finished.',
} as const;

/** The provider's page answered an HTTP error (a 5xx after the form was sent, a 404 on opening…). */
export function webFormHttpError(status: number): string {
  return `The provider’s page answered HTTP ${status}.`;
}

/** A submission record's state: queued → running → submitted | filled | failed (001 §3's flags say what happened). */
export const WEB_FORM_STATUSES = ['queued', 'running', 'submitted', 'filled', 'failed'] as const;
export type WebFormStatus = (typeof WEB_FORM_STATUSES)[number];
export const WEB_FORM_FINISHED: readonly WebFormStatus[] = ['submitted', 'filled', 'failed'];

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

/**
 * What the server accepts for that body: a missing, null or zero referral is not a malformed request but 001 §5's
 * rule, answered with 'Please select a referral first' on the field (the service checks it).
 */
export const webFormSubmitRequestSchema = z.object({
  referral_id: z.number().int().nullish(),
});

/** 001 §7 response: success, form_submitted, message, error, fields_filled, page_url, page_title, screenshots. */
export const webFormResultSchema = z.object({
  success: z.boolean(),
  submission_id: z.number().int(),
  /**
   * queued | running | submitted | filled | failed (the record's state). Still queued or running when the page
   * took longer than the call waits: GET /api/referrals/{id}/screenshots shows the record once it ends.
   */
  status: z.enum(WEB_FORM_STATUSES),
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
