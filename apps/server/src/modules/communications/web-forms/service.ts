import {
  PROVIDER_VERIFICATION_MESSAGES,
  WEB_FORM_FINISHED,
  WEB_FORM_MESSAGES,
  type WebFormResult,
  type WebFormStatus,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext, systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { getOrganization } from '../../administration/orgs/service.ts';
import { getProvider, isProviderVerified } from '../../providers/directory/service.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import { recordCommunication } from '../communications/service.ts';
import * as repo from './repo.ts';
import { runWebFormSubmission, WEB_FORM_JOB, type WebFormJobData } from './submission-job.ts';

// Automated provider web-form submission (001 §2.10 Web Form tab, §5 "Web form submit", §7 POST
// /api/providers/{providerId}/communications/webform and POST /api/providers/{id}/submit-web-form): the rules,
// the record and its communication, the job, and the wait for its result.

/** How often the waiting request reads the record. */
const POLL_MS = 250;
/** Beyond the run's own deadline: the queue's pickup (pg-boss polls every 2 s) and closing the browser. */
const WAIT_MARGIN_MS = 8000;

/** In-process runs (no job queue) of each app, so closing the app waits for them. */
const inlineRuns = new WeakMap<AppDeps, Set<Promise<void>>>();

export function inlineRunsOf(deps: AppDeps): Set<Promise<void>> {
  let runs = inlineRuns.get(deps);
  if (!runs) {
    runs = new Set();
    inlineRuns.set(deps, runs);
  }
  return runs;
}

/** The page to open: the provider's web form, else its website; "harbor.org" is read as https://harbor.org. */
export function webFormTarget(provider: {
  web_form_url: string | null;
  website: string | null;
}): string | null {
  const raw = (provider.web_form_url?.trim() || provider.website?.trim() || '').trim();
  if (!raw) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return raw;
  return raw.startsWith('//') ? `https:${raw}` : `https://${raw}`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** 001 §7 response from the record: success when it was sent and confirmed, or filled without a problem. */
export function toResult(row: repo.SubmissionRow): WebFormResult {
  const status = row.status as WebFormStatus;
  const inFlight = !WEB_FORM_FINISHED.includes(status);
  return {
    success: (status === 'submitted' || status === 'filled') && row.error === null,
    submission_id: row.id,
    status,
    form_submitted: row.formSubmitted,
    submission_success: row.submissionSuccess,
    message: row.message ?? (inFlight ? WEB_FORM_MESSAGES.running : null),
    error: row.error,
    fields_filled: row.fieldsFilled,
    page_url: row.pageUrl,
    page_title: row.pageTitle,
    screenshot_before: row.screenshotBefore,
    screenshot_after: row.screenshotAfter,
  };
}

/** Starts the run: on the job queue when this process has one, else here (tests, JOBS=off). */
async function startRun(deps: AppDeps, data: WebFormJobData) {
  const log = deps.log;
  if (deps.jobs) {
    try {
      await deps.jobs.send(WEB_FORM_JOB, data);
      return;
    } catch (err) {
      log.warn({ err, submissionId: data.submissionId }, 'web form job not queued; running it here');
    }
  }
  const runs = inlineRunsOf(deps);
  const run = runWebFormSubmission(systemContext(deps, WEB_FORM_JOB), data).catch((err) => {
    log.error({ err, submissionId: data.submissionId }, 'web form submission failed');
  });
  runs.add(run);
  void run.finally(() => runs.delete(run));
}

/** Reads the record until the run ends or `waitMs` passes; returns it as it is then. */
async function waitForRecord(ctx: OrgContext, id: number, waitMs: number): Promise<repo.SubmissionRow> {
  const db = ctx.db;
  const until = Date.now() + waitMs;
  for (;;) {
    const status = await repo.submissionStatus(db, id);
    if (status === null || WEB_FORM_FINISHED.includes(status as WebFormStatus) || Date.now() >= until) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const row = await repo.findSubmission(db, id);
  if (!row) throw new AppError('web_form.submission_not_found', WEB_FORM_MESSAGES.referralNotFound);
  return row;
}

/**
 * The record of one submission, its communication and the audit row, in the context's transaction (a send to
 * several providers commits them together); the run starts once that commits (startWebFormRun).
 */
export async function createWebFormSubmission(
  ctx: OrgContext,
  target: { referralId: number; providerId: number; targetUrl: string },
): Promise<repo.SubmissionRow> {
  const { db: tx, actor } = ctx;
  // Issue #12: every submission starts here, so no path queues a form of a provider awaiting verification.
  if (!(await isProviderVerified(ctx, { providerId: target.providerId }))) {
    throw new AppError('provider.unverified_web_form', PROVIDER_VERIFICATION_MESSAGES.webFormUnverified);
  }
  if (!isHttpUrl(target.targetUrl)) throw new AppError('web_form.url_invalid', WEB_FORM_MESSAGES.badUrl);
  const created = await repo.insertSubmission(tx, {
    referralId: target.referralId,
    providerId: target.providerId,
    organizationId: actor.org.id,
    createdBy: actor.user.id,
    status: 'queued',
    targetUrl: target.targetUrl,
  });
  const { row: communication } = await recordCommunication(ctx, {
    organizationId: actor.org.id,
    referralId: target.referralId,
    providerId: target.providerId,
    userId: actor.user.id,
    channel: 'web_form',
    direction: 'outbound',
    category: 'web_form',
    status: 'queued',
    to: target.targetUrl,
    conversation: false,
    bodyText: WEB_FORM_MESSAGES.running,
    metadata: { submission_id: created.id },
  });
  const linked = await repo.updateSubmission(tx, created.id, { communicationId: communication.id });
  // The member's details are about to be typed into a third party's page: who sent them, where.
  await audit(tx, ctx, {
    action: 'referral.web_form_submitted',
    entityType: 'referral',
    entityId: target.referralId,
    details: { submission_id: created.id, provider_id: target.providerId, page_url: target.targetUrl },
  });
  return linked ?? created;
}

/** Starts a created submission's run, with the coordinator's name and organization typed as the referrer. */
export async function startWebFormRun(ctx: OrgContext, input: { submissionId: number }): Promise<void> {
  const { actor } = ctx;
  const orgName = (await getOrganization(ctx, { id: actor.org.id })).name;
  await startRun(ctx.deps, {
    submissionId: input.submissionId,
    referrer: {
      name: actor.user.name,
      email: actor.user.email,
      phone: actor.user.phoneNumber,
      organization: orgName,
    },
  });
}

/**
 * Both 001 §7 calls. The rules of 001 §5 first (a referral chosen, the organization's own, a provider with a web
 * form or website), then the record, its communication and the audit row in one transaction, then the run, and
 * the answer once it ends — or, if the page takes longer than the call waits, the record as it is (status
 * running; GET /api/referrals/{id}/screenshots shows it when it ends).
 */
export async function submitProviderWebForm(
  ctx: OrgContext,
  input: { providerId: number; referral_id?: number | null },
): Promise<WebFormResult> {
  const referralId = input.referral_id;
  if (!referralId || referralId <= 0) {
    throw new AppError('web_form.referral_required', WEB_FORM_MESSAGES.referralRequired, {
      fields: { referral_id: WEB_FORM_MESSAGES.referralRequired },
    });
  }
  // Issue #12: another organization's private provider is as unknown as a missing one.
  const provider = await getProvider(ctx, { id: input.providerId });
  const { record: referral, viewerRole } = await findVisibleReferral(ctx, { id: referralId });
  // Only the organization that made the referral sends its member's details to a provider's form.
  if (viewerRole !== 'owner') throw new AppError('referral.not_found', WEB_FORM_MESSAGES.referralNotFound);
  // Its own organization still may not send it by web form until a platform operator verifies it.
  if (provider.verification_status !== 'verified') {
    throw new AppError('provider.unverified_web_form', PROVIDER_VERIFICATION_MESSAGES.webFormUnverified);
  }
  const targetUrl = webFormTarget(provider);
  if (!targetUrl) throw new AppError('web_form.website_missing', WEB_FORM_MESSAGES.websiteMissing);
  if (!isHttpUrl(targetUrl)) throw new AppError('web_form.url_invalid', WEB_FORM_MESSAGES.badUrl);

  const submission = await ctx.db.transaction((tx) =>
    createWebFormSubmission(inTransaction(ctx, tx), {
      referralId: referral.id,
      providerId: provider.id,
      targetUrl,
    }),
  );
  await startWebFormRun(ctx, { submissionId: submission.id });
  const row = await waitForRecord(ctx, submission.id, ctx.deps.config.webFormTimeoutMs + WAIT_MARGIN_MS);
  return toResult(row);
}
