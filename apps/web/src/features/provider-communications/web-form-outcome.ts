import {
  WEB_FORM_FINISHED,
  WEB_FORM_MESSAGES,
  type WebFormResult,
  type WebFormSubmission,
  webFormFailedMessage,
} from '@trust/domain';

/** What the Web Form tab shows once a run has ended: the record, and the success or failure line of 001 §8. */
export type WebFormOutcome = { record: WebFormSubmission; success: boolean; text: string };

/** The run is still going on the server (a queued job). */
export function isRunning(result: Pick<WebFormResult, 'status'>): boolean {
  return result.status === 'queued' || result.status === 'running';
}

/** 001 §8: 'Form submitted successfully!' / 'Form fields filled successfully!' / 'Web form submission failed: …'. */
export function outcomeText(
  success: boolean,
  record: Pick<WebFormSubmission, 'form_submitted' | 'error' | 'message'>,
): string {
  if (!success) return webFormFailedMessage(record.error ?? record.message);
  return record.form_submitted ? WEB_FORM_MESSAGES.submitted : WEB_FORM_MESSAGES.filled;
}

/** The answer of a run that has ended, as the submission record it stored. */
export function outcomeOfResult(result: WebFormResult, now: Date = new Date()): WebFormOutcome {
  const record: WebFormSubmission = {
    id: result.submission_id,
    created_at: now.toISOString(),
    status: result.status,
    fields_filled: result.fields_filled,
    screenshot_before: result.screenshot_before,
    screenshot_after: result.screenshot_after,
    submission_success: result.submission_success,
    form_submitted: result.form_submitted,
    page_url: result.page_url,
    page_title: result.page_title,
    message: result.message,
    error: result.error,
  };
  const success = result.success;
  return { record, success, text: outcomeText(success, record) };
}

/** A stored record whose run has ended: submitted, filled or failed. */
export function isFinishedRecord(record: Pick<WebFormSubmission, 'status'>): boolean {
  return WEB_FORM_FINISHED.includes(record.status);
}

export function outcomeOfRecord(record: WebFormSubmission): WebFormOutcome {
  // A run that ended with an error (the provider's page answered 500, a required field stayed empty) failed.
  const success = (record.status === 'submitted' || record.status === 'filled') && record.error === null;
  return { record, success, text: outcomeText(success, record) };
}
