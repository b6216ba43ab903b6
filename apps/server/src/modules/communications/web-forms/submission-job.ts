import { PROVIDER_VERIFICATION_MESSAGES, WEB_FORM_MESSAGES, webFormFailedMessage } from '@trust/domain';
import { fillWebForm, type WebFormOutcome } from '../../../adapters/web-form/browser-driver.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { isProviderVerified } from '../../providers/directory/service.ts';
import { noteOnReferralTimeline } from '../../referrals/referrals/history.ts';
import { findReferralRecord } from '../../referrals/referrals/lookups.ts';
import { updateCommunicationStatus } from '../communications/service.ts';
import { type Referrer, referralFormValues } from './form-values.ts';
import * as repo from './repo.ts';

// The body of the 'web-form.submit' job (001 §5 web form): one submission record, queued → running →
// submitted | filled | failed. The job data carries ids and the referrer (staff, not PHI); the member's details
// are read from the referral here, so they never sit in the job queue's table.

export const WEB_FORM_JOB = 'web-form.submit';

export type WebFormJobData = { submissionId: number; referrer: Referrer };

/** The record's text in the communications list: what happened, in the words of 001 §8 (never PHI). */
function recordText(outcome: Pick<WebFormOutcome, 'status' | 'message' | 'error'>): string {
  if (outcome.error) return webFormFailedMessage(outcome.error);
  return (
    outcome.message ??
    (outcome.status === 'submitted' ? WEB_FORM_MESSAGES.submitted : WEB_FORM_MESSAGES.filled)
  );
}

/** Stores how the run ended, moves its communication record, and writes the referral's timeline row. */
async function finishSubmission(
  ctx: ServiceContext,
  input: { submission: repo.SubmissionRow; outcome: WebFormOutcome; at: Date },
) {
  const { submission, outcome, at } = input;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await repo.updateSubmission(tx, submission.id, {
      status: outcome.status,
      finishedAt: at,
      pageUrl: outcome.pageUrl,
      pageTitle: outcome.pageTitle,
      fieldsFilled: outcome.fieldsFilled,
      screenshotBefore: outcome.screenshotBefore,
      screenshotAfter: outcome.screenshotAfter,
      formSubmitted: outcome.formSubmitted,
      submissionSuccess: outcome.submissionSuccess,
      message: outcome.message,
      error: outcome.error,
    });
    const filled = Object.values(outcome.fieldsFilled).filter(Boolean).length;
    const total = Object.keys(outcome.fieldsFilled).length;
    if (submission.communicationId !== null) {
      await updateCommunicationStatus(txCtx, {
        id: submission.communicationId,
        patch: {
          status: outcome.status,
          errorMessage: outcome.error,
          sentAt: outcome.formSubmitted ? at : null,
          deliveredAt: outcome.submissionSuccess ? at : null,
          bodyText: recordText(outcome),
          metadata: {
            submission_id: submission.id,
            form_submitted: outcome.formSubmitted,
            submission_success: outcome.submissionSuccess,
            fields_filled: filled,
            fields_total: total,
          },
        },
      });
    }
    // 000 §2.7 timeline: what happened, never the values typed (PHI). Nothing when the referral is gone.
    await noteOnReferralTimeline(txCtx, {
      referralId: submission.referralId,
      type: 'web_form_submitted',
      actorUserId: submission.createdBy,
      details: {
        channel: 'web_form',
        direction: 'outbound',
        communication_id: submission.communicationId,
        provider_id: submission.providerId,
        submission_id: submission.id,
        status: outcome.status,
        form_submitted: outcome.formSubmitted,
        success: outcome.submissionSuccess,
        fields_filled: filled,
        fields_total: total,
      },
    });
  });
}

function failedOutcome(error: string): WebFormOutcome {
  return {
    status: 'failed',
    formSubmitted: false,
    submissionSuccess: false,
    message: null,
    error,
    fieldsFilled: {},
    pageUrl: null,
    pageTitle: null,
    screenshotBefore: null,
    screenshotAfter: null,
  };
}

/** Whether the submission's provider is verified (null: the provider is gone). */
async function providerVerified(ctx: ServiceContext, providerId: number | null) {
  return providerId === null ? null : isProviderVerified(ctx, { providerId });
}

/**
 * Runs one submission. Claiming it (queued → running) makes a second delivery of the job a no-op: a provider's
 * form is never sent twice by a retry. Whatever happens, the record ends in submitted, filled or failed.
 */
export async function runWebFormSubmission(ctx: ServiceContext, data: WebFormJobData): Promise<void> {
  const { db, deps } = ctx;
  const log = ctx.log;
  const claimed = await repo.claimSubmission(db, data.submissionId, new Date());
  if (!claimed) return;
  let outcome: WebFormOutcome;
  try {
    if (claimed.communicationId !== null) {
      await db.transaction(async (tx) => {
        await updateCommunicationStatus(inTransaction(ctx, tx), {
          id: claimed.communicationId!,
          patch: { status: 'running' },
        });
      });
    }
    const referral = await findReferralRecord(ctx, { id: claimed.referralId });
    const verified = await providerVerified(ctx, claimed.providerId);
    if (!referral || !claimed.targetUrl) {
      outcome = failedOutcome(
        referral ? WEB_FORM_MESSAGES.websiteMissing : WEB_FORM_MESSAGES.referralNotFound,
      );
    } else if (verified !== true) {
      // Issue #12, checked again when the browser would open the page: a submission queued before the rule (or
      // by any path that missed it) never opens the form of a provider awaiting verification.
      outcome = failedOutcome(
        verified === null
          ? WEB_FORM_MESSAGES.providerNotFound
          : PROVIDER_VERIFICATION_MESSAGES.webFormUnverified,
      );
    } else {
      outcome = await fillWebForm({
        url: claimed.targetUrl,
        values: referralFormValues(referral, data.referrer),
        chromiumPath: deps.config.chromiumPath,
        timeoutMs: deps.config.webFormTimeoutMs,
        allowPrivateHosts: deps.config.webFormAllowPrivateHosts,
        ...(log ? { log } : {}),
      });
    }
  } catch (err) {
    log.error({ err, submissionId: claimed.id }, 'web form submission failed');
    outcome = failedOutcome(WEB_FORM_MESSAGES.interrupted);
  }
  await finishSubmission(ctx, { submission: claimed, outcome, at: new Date() });
}

/**
 * Submissions a process left queued or running when it stopped (a crash, a deploy mid-run): ended as failed, so
 * no record shows "running" for ever. Only those older than any run can last.
 */
export async function endStaleSubmissions(ctx: ServiceContext, input: { now: Date }): Promise<number> {
  const { now } = input;
  const before = new Date(now.getTime() - ctx.deps.config.webFormTimeoutMs - 30 * 60_000);
  const stale = await repo.staleSubmissions(ctx.db, before);
  for (const submission of stale) {
    await finishSubmission(ctx, {
      submission,
      outcome: failedOutcome(WEB_FORM_MESSAGES.interrupted),
      at: now,
    });
  }
  return stale.length;
}
