import {
  type CommunicationMethodType,
  type DirectoryProvider,
  defaultReferralMessage,
  PROVIDER_VERIFICATION_MESSAGES,
  REFERRAL_MESSAGES,
  referralEmailSubject,
  renderTemplate,
  SENDING_MESSAGES,
  templateValues,
  WEB_FORM_MESSAGES,
} from '@trust/domain';
import { isOptedOut } from '../../../adapters/sms/opt-outs.ts';
import { audit } from '../../../platform/audit.ts';
import {
  actorOrganizationId,
  actorUserId,
  type OrgContext,
  requireOrgContext,
  type ServiceContext,
} from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { queueCommunicationEmail, queueCommunicationSms } from '../../communications/communications/queue.ts';
import {
  createWebFormSubmission,
  startWebFormRun,
  webFormTarget,
} from '../../communications/web-forms/service.ts';
import { findProvider } from '../../providers/directory/service.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import { findReferralRecord, type ReferralRecord } from '../referrals/lookups.ts';
import { markEntrySent } from './entry-lifecycle.ts';
import * as methods from './methods-repo.ts';

// Sending a referral to one provider (001 §2.1, §3 Referral communication payload, §4 "Send to providers").
// A real send: the SMS or email goes into the outbox in the caller's transaction and the delivery job sends it
// through the configured driver (adapters/outbound.ts). The method's success or failure, and its priority, are
// recorded when delivery finishes (delivery-outcome.ts), not here: a queued message has not succeeded yet.

/** The outbox category of a referral sent to a provider (delivery-outcome.ts follows it). */
export const REFERRAL_SEND_CATEGORY = 'referral_send';

export type SendInput = {
  referralId: number;
  providerId: number;
  methodType: CommunicationMethodType;
  communicationMethodId?: number | null;
  contactValue?: string | null;
  messageContent?: string | null;
  /** Email only; a subject naming the referral number is used when absent. */
  subject?: string | null;
};

export type SendOutcome = {
  status: 'queued' | 'sent' | 'failed';
  methodType: string;
  contactValue: string;
  messageId: number | null;
  /** A web-form send: the submission to start once the caller's transaction commits (startWebFormRuns). */
  webFormSubmissionId?: number;
};

/**
 * Channels without a real adapter are refused, never pretended (DESIGN.md "Where the spec describes a fake"):
 * portal and fax have no driver yet. Web forms go to the web-form job (modules/communications/web-forms).
 */
function refuseUnsupported(methodType: CommunicationMethodType) {
  if (methodType === 'portal') {
    throw new AppError('send.channel_unavailable', SENDING_MESSAGES.portalUnavailable);
  }
  if (methodType === 'fax') throw new AppError('send.channel_unavailable', SENDING_MESSAGES.faxUnavailable);
}

/**
 * The stored method the send goes through: the given one (it must be the provider's and of the chosen type),
 * or, for a directory fallback (negative id) or a typed contact, the provider's method with that contact,
 * stored on first use so its successes and failures are counted (001 §4 "After each send the method's success
 * or failure is recorded").
 */
async function resolveMethod(
  ctx: ServiceContext,
  provider: DirectoryProvider,
  input: SendInput,
): Promise<methods.MethodRow> {
  const tx = ctx.db;
  const id = input.communicationMethodId;
  if (typeof id === 'number' && id > 0) {
    const row = await methods.findMethod(tx, id);
    if (!row) throw new AppError('provider_method.not_found', SENDING_MESSAGES.methodNotFound);
    if (row.providerId !== provider.id) {
      throw new AppError('provider_method.of_other_provider', SENDING_MESSAGES.methodOfOtherProvider);
    }
    if (row.methodType !== input.methodType) {
      throw new AppError('provider_method.wrong_type', SENDING_MESSAGES.methodRequired, {
        fields: { method_type: `This method is ${row.methodType}, not ${input.methodType}.` },
      });
    }
    return row;
  }
  const fromRecord =
    input.methodType === 'phone'
      ? provider.phone
      : input.methodType === 'web_form'
        ? webFormTarget({ web_form_url: provider.web_form_url, website: provider.website })
        : provider.email;
  const given = input.contactValue?.trim() || fromRecord?.trim() || '';
  // A web form's address as typed ("harbor.org/refer") is opened as https://.
  const contact =
    input.methodType === 'web_form' && given
      ? (webFormTarget({ web_form_url: given, website: null }) ?? '')
      : given;
  if (!contact) {
    const message =
      input.methodType === 'phone'
        ? SENDING_MESSAGES.phoneMissing
        : input.methodType === 'web_form'
          ? WEB_FORM_MESSAGES.websiteMissing
          : SENDING_MESSAGES.emailMissing;
    throw new AppError('send.contact_missing', message, { fields: { contact_value: message } });
  }
  if (input.methodType === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) {
    throw new AppError('send.contact_invalid', 'Enter a valid email address.', {
      fields: { contact_value: 'Enter a valid email address.' },
    });
  }
  if (input.methodType === 'phone' && contact.replace(/\D/g, '').length < 10) {
    throw new AppError('send.contact_invalid', 'Enter a phone number of 10 digits.', {
      fields: { contact_value: 'Enter a phone number of 10 digits.' },
    });
  }
  const { row } = await methods.insertMethodIfMissing(tx, {
    providerId: provider.id,
    methodType: input.methodType,
    contactValue: contact,
    discoveryMethod: contact === fromRecord?.trim() ? 'directory' : 'manual',
    priority: 0,
  });
  return row;
}

/**
 * 001 §7 web form: the submission and its communication are written in the caller's transaction and the
 * headless-browser run starts once it commits (startWebFormRuns); the entry is sent now, like a queued SMS.
 */
async function sendByWebForm(
  ctx: OrgContext,
  referral: ReferralRecord,
  provider: DirectoryProvider,
  method: methods.MethodRow,
): Promise<SendOutcome> {
  const tx = ctx.db;
  const targetUrl = webFormTarget({ web_form_url: method.contactValue, website: null })!;
  const submission = await createWebFormSubmission(ctx, {
    referralId: referral.id,
    providerId: provider.id,
    targetUrl,
  });
  await markEntrySent(tx, referral.id, provider.id, {
    at: new Date(),
    methodType: 'web_form',
    contactValue: method.contactValue,
    communicationMethodId: method.id,
  });
  const details = {
    provider_id: provider.id,
    provider_name: provider.organization_name,
    method_type: 'web_form',
    communication_method_id: method.id,
    web_form_submission_id: submission.id,
  };
  await recordReferralEvent(ctx, {
    referral,
    type: 'sent_to_provider',
    actorUserId: ctx.actor.user.id,
    details,
  });
  return {
    status: 'queued',
    methodType: 'web_form',
    contactValue: method.contactValue,
    messageId: null,
    webFormSubmissionId: submission.id,
  };
}

/** Starts the web-form runs of committed sends (each fills the provider's form in its own browser). */
export async function startWebFormRuns(
  ctx: OrgContext,
  input: { outcomes: readonly SendOutcome[] },
): Promise<void> {
  for (const outcome of input.outcomes) {
    if (outcome.webFormSubmissionId !== undefined) {
      await startWebFormRun(ctx, { submissionId: outcome.webFormSubmissionId });
    }
  }
}

/**
 * Sends a referral to one provider through one method, on `ctx.db`: call it with the context of a transaction
 * (inTransaction), so the send commits with the caller's change (a manual match, the other sends of a batch, a
 * cascade). The sender is a user of the owning organization, or the system acting for it (the cascade: SMS and
 * email only). Throws AppError for a broken rule: 404 unknown referral or provider, 422 a channel with no
 * adapter or a provider without that contact, 400 a blank message.
 */
export async function sendReferralToProvider(ctx: ServiceContext, input: SendInput): Promise<SendOutcome> {
  const tx = ctx.db;
  const orgId = actorOrganizationId(ctx);
  const userId = actorUserId(ctx);
  refuseUnsupported(input.methodType);
  const referral = await findReferralRecord(ctx, { id: input.referralId });
  // Only the organization that owns the referral sends it out; to anyone else it does not exist.
  if (!referral || orgId === null || referral.organizationId !== orgId) {
    throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  }
  // Issue #12: another organization's private provider is as unknown as a missing one.
  const provider = await findProvider(ctx, { id: input.providerId });
  if (!provider) throw new AppError('send.provider_not_found', SENDING_MESSAGES.providerNotFound);
  // A web form whose address an organization typed in is opened only once a platform operator verified the
  // provider: refused before a method is stored or anything is queued.
  if (input.methodType === 'web_form' && provider.verification_status !== 'verified') {
    throw new AppError('provider.unverified_web_form', PROVIDER_VERIFICATION_MESSAGES.webFormUnverified, {
      fields: { method_type: PROVIDER_VERIFICATION_MESSAGES.webFormUnverified },
    });
  }
  const method = await resolveMethod(ctx, provider, input);
  if (method.methodType === 'phone' && (method.optedOut || (await isOptedOut(tx, method.contactValue)))) {
    throw new AppError('send.number_opted_out', SENDING_MESSAGES.methodOptedOut);
  }
  if (method.methodType === 'web_form')
    return sendByWebForm(requireOrgContext(ctx), referral, provider, method);

  const values = templateValues(
    {
      referral_number: referral.referralNumber,
      first_name: referral.firstName,
      last_name: referral.lastName,
      medicaid_id: referral.medicaidId,
      date_of_birth: referral.dateOfBirth,
      phone_number: referral.phoneNumber,
      primary_diagnosis: referral.primaryDiagnosis,
      sdoh_needs: referral.sdohNeeds,
      urgency: referral.urgency,
      created_at: referral.createdAt.toISOString(),
    },
    provider.organization_name,
  );
  // 001 §4 "send requires … a non-blank message": a message that was given must say something; none at all
  // (the N-providers dialog) takes the channel's default template.
  if (input.messageContent != null && !input.messageContent.trim()) {
    throw new AppError('send.message_required', SENDING_MESSAGES.messageRequired, {
      fields: { message_content: SENDING_MESSAGES.messageRequired },
    });
  }
  const fallback = defaultReferralMessage(method.methodType, values);
  // A template chosen in the browser may keep placeholders the browser could not fill (001 §3): filled here.
  const body = input.messageContent?.trim()
    ? renderTemplate(input.messageContent.trim(), values)
    : fallback.body;

  const common = {
    category: REFERRAL_SEND_CATEGORY,
    userId,
    organizationId: orgId,
    referralId: referral.id,
    providerId: provider.id,
    communicationMethodId: method.id,
    metadata: { referral_number: referral.referralNumber, provider_id: provider.id, method_id: method.id },
  };
  // The send opens (or continues) the thread with the provider about this referral (001 §2.10), so a reply
  // lands beside it. It names the member: sealed at rest, read back only by the organization, audited.
  const queued =
    method.methodType === 'phone'
      ? await queueCommunicationSms(ctx, { ...common, to: method.contactValue, body, phi: true })
      : await queueCommunicationEmail(ctx, {
          ...common,
          to: method.contactValue,
          // The subject is stored readable in the outbox, so it names the referral number only.
          subject: input.subject?.trim()
            ? renderTemplate(input.subject.trim(), values)
            : fallback.subject || referralEmailSubject(values),
          text: body,
          // The body names the member (and, in the detailed template, the diagnosis): sealed at rest.
          phi: true,
        });

  const now = new Date();
  await markEntrySent(tx, referral.id, provider.id, {
    at: now,
    methodType: method.methodType,
    contactValue: method.contactValue,
    communicationMethodId: method.id,
  });
  const details = {
    provider_id: provider.id,
    provider_name: provider.organization_name,
    method_type: method.methodType,
    communication_method_id: method.id,
    message_id: queued.messageId,
    communication_id: queued.row.id,
  };
  await recordReferralEvent(ctx, {
    referral,
    type: 'sent_to_provider',
    actorUserId: userId,
    details,
  });
  await audit(tx, ctx, {
    action: 'referral.sent_to_provider',
    entityType: 'referral',
    entityId: referral.id,
    details,
  });
  return {
    status: 'queued',
    methodType: method.methodType,
    contactValue: method.contactValue,
    messageId: queued.messageId,
  };
}
