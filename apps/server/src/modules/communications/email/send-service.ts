import {
  COMMUNICATION_MESSAGES,
  EMAIL_MESSAGES,
  type EmailSend,
  type EmailSendResponse,
  type EmailTemplate,
  findEmailTemplate,
  REFERRAL_MESSAGES,
  renderHtmlTemplate,
  renderTemplate,
  type TemplateValues,
  templateValues,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';
import { listProviderMethods } from '../../referrals/referral-sending/methods-service.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import {
  discardAttachments,
  recordAttachment,
  type StoredAttachment,
} from '../communications/attachments.ts';
import { queueCommunicationEmail } from '../communications/queue.ts';
import * as records from '../communications/records.ts';
import { normalizeCounterpart } from '../communications/service.ts';
import { addressList, isEmailAddress, newMessageId, newToken, replyAddress } from './addresses.ts';
import { emailHtmlToText, sanitizeEmailHtml, textToLinkedHtml, withTracking } from './html.ts';
import * as repo from './repo.ts';
import { pixelUrl, trackedLinkUrl } from './tracking.ts';
import { toEmailWire } from './wire.ts';

// 001 §7 POST /api/email/send (001 §2.13 composer, §5 "Email panel send", §8 messaging): one email to a
// provider about a referral, on the thread with that provider, through the outbox (adapters/outbound.ts) like
// every email. Its body names the member, so it is sealed at rest; it carries a Message-ID and, when
// EMAIL_REPLY_TO is set, the thread's reply address, so the provider's answer finds its way back.

/** The outbox and record category of a conversation email. */
export const CONVERSATION_CATEGORY = 'conversation';
/** 001 §2.13 CC list: at most this many copies. */
export const EMAIL_CC_MAX = 20;

function invalid(
  reason: 'communication.referral_required' | 'communication.email_invalid' | 'email.cc_invalid',
  field: string,
  message: string,
): AppError {
  return new AppError(reason, message, { fields: { [field]: message } });
}

/** The HTML checkbox arrives as a boolean (JSON) or a form value. */
function wantsHtml(value: EmailSend['use_html']): boolean {
  return value === true || value === 'true' || value === 'on';
}

/** The provider's best email address: its highest-priority email method (001 §9), else its record's. */
async function providerEmail(ctx: OrgContext, provider: { id: number; email: string | null }) {
  const { methods } = await listProviderMethods(ctx, { providerId: provider.id });
  const method = methods.find((m) => m.method_type === 'email' && m.contact_value.trim());
  return method?.contact_value.trim() || provider.email?.trim() || null;
}

type Sources = { subject: string; body: string };

/**
 * The subject and body to fill: a template fills what the caller left blank. Blank ones are refused with the
 * spec's messages (001 §5 "Email panel send: subject and body both non-blank"; "Email needs non-blank subject").
 */
function sources(body: EmailSend, template: EmailTemplate | null, html: boolean): Sources {
  const subject = body.subject.trim() || template?.subject_template || '';
  const text = body.body.trim()
    ? body.body
    : template
      ? html
        ? (template.body_html_template ?? '')
        : template.body_text_template
      : '';
  if (!subject.trim() && !text.trim()) {
    throw new AppError('communication.message_required', COMMUNICATION_MESSAGES.subjectAndMessageRequired, {
      fields: {
        subject: COMMUNICATION_MESSAGES.subjectRequired,
        body: COMMUNICATION_MESSAGES.messageRequired,
      },
    });
  }
  if (!subject.trim()) {
    throw new AppError('communication.subject_required', COMMUNICATION_MESSAGES.subjectRequired, {
      fields: { subject: COMMUNICATION_MESSAGES.subjectRequired },
    });
  }
  if (!text.trim()) {
    throw new AppError('communication.message_required', COMMUNICATION_MESSAGES.subjectAndMessageRequired, {
      fields: { body: COMMUNICATION_MESSAGES.messageRequired },
    });
  }
  return { subject: subject.trim(), body: text };
}

type Composed = { subject: string; text: string; html: string | null };

/**
 * Subject and body as sent: placeholders, the template's and any the browser could not fill, are filled from
 * the whole referral (001 §3, fallbacks included). An HTML body is sanitised after it is filled (its values
 * escaped), so a value never becomes markup.
 */
function compose(source: Sources, html: boolean, values: TemplateValues): Composed {
  // A subject is one header line.
  const subject = renderTemplate(source.subject, values).replace(/[\r\n]+/g, ' ');
  if (!html) return { subject, text: renderTemplate(source.body.trim(), values), html: null };
  const safe = sanitizeEmailHtml(renderHtmlTemplate(source.body, values));
  const text = emailHtmlToText(safe);
  // HTML that held nothing but what the sanitiser removes is a blank message.
  if (!text.trim()) {
    throw new AppError('communication.message_required', COMMUNICATION_MESSAGES.subjectAndMessageRequired, {
      fields: { body: COMMUNICATION_MESSAGES.messageRequired },
    });
  }
  return { subject, text, html: safe };
}

async function sendChecked(
  ctx: OrgContext,
  body: EmailSend,
  files: readonly StoredAttachment[],
): Promise<EmailSendResponse> {
  // 001 §5 "A referral must be selected".
  if (!body.referral_id) {
    throw invalid('communication.referral_required', 'referral_id', COMMUNICATION_MESSAGES.referralRequired);
  }
  const template = body.template_id ? findEmailTemplate(body.template_id) : null;
  if (body.template_id && !template) {
    throw new AppError('email.template_not_found', EMAIL_MESSAGES.templateNotFound);
  }
  const html = wantsHtml(body.use_html);
  const source = sources(body, template, html);

  const { db, deps, actor } = ctx;
  const { record: referral, viewerRole } = await findVisibleReferral(ctx, { id: body.referral_id });
  // The organization that made the referral talks about it with providers; to anyone else it is not there.
  if (viewerRole !== 'owner') throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  const provider = await repo.findProvider(db, body.provider_id);
  // Issue #12: another organization's private provider is as unknown as a missing one.
  if (!provider || !(await canSeeProvider(ctx, { providerId: provider.id }))) {
    throw new AppError('communication.provider_not_found', COMMUNICATION_MESSAGES.providerNotFound);
  }

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
    provider.name,
  );
  const message = compose(source, html, values);

  // 001 §5 "provider email must exist ('Provider email not available')".
  const to = body.to_email?.trim() || (await providerEmail(ctx, provider));
  if (!to) {
    throw new AppError('email.address_missing', COMMUNICATION_MESSAGES.emailMissing, {
      fields: { to_email: COMMUNICATION_MESSAGES.emailMissing },
    });
  }
  if (!isEmailAddress(to)) {
    throw invalid('communication.email_invalid', 'to_email', COMMUNICATION_MESSAGES.invalidEmail);
  }
  const cc = addressList(body.cc_emails);
  if (cc.length > EMAIL_CC_MAX) {
    throw invalid('email.cc_invalid', 'cc_emails', `Copy at most ${EMAIL_CC_MAX} addresses.`);
  }
  const badCc = cc.find((a) => !isEmailAddress(a));
  if (badCc) {
    throw invalid('email.cc_invalid', 'cc_emails', `${COMMUNICATION_MESSAGES.invalidEmail} (${badCc})`);
  }

  const messageId = newMessageId(deps.config.smtpFrom);
  const trackingToken = newToken();
  const delivered = withTracking(message.html ?? textToLinkedHtml(message.text), {
    pixelUrl: pixelUrl(deps.config, trackingToken),
    trackLink: (url) => trackedLinkUrl(deps.config, trackingToken, url),
  });

  const { row, stored } = await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // The thread first: its reply token goes into this email's Reply-To. Made on its first email; the insert
    // locks the row, so two first emails of a thread agree on one token.
    let thread = await records.ensureConversation(txCtx, {
      organizationId: actor.org.id,
      providerId: provider.id,
      referralId: referral.id,
      channel: 'email',
      counterpart: normalizeCounterpart('email', to)!,
    });
    if (!thread.replyToken) {
      thread =
        (await records.setReplyToken(txCtx, { conversationId: thread.id, replyToken: newToken() })) ?? thread;
    }
    const previous =
      thread.lastCommunicationId === null
        ? null
        : await records.findCommunication(txCtx, { id: thread.lastCommunicationId });
    const replyTo = deps.config.emailReplyTo;
    const headers: Record<string, string> = {
      'Message-ID': messageId,
      ...(replyTo && thread.replyToken ? { 'Reply-To': replyAddress(replyTo, thread.replyToken) } : {}),
      // The provider's mail program shows it under the thread it belongs to.
      ...(previous?.externalId?.startsWith('<')
        ? { 'In-Reply-To': previous.externalId, References: previous.externalId }
        : {}),
      ...(cc.length ? { Cc: cc.join(', ') } : {}),
    };
    const queued = await queueCommunicationEmail(txCtx, {
      to,
      subject: message.subject,
      text: message.text,
      html: delivered,
      category: CONVERSATION_CATEGORY,
      userId: actor.user.id,
      organizationId: actor.org.id,
      referralId: referral.id,
      providerId: provider.id,
      // The body names the member: sealed at rest, opened only to deliver it and for audited reads.
      phi: true,
      headers,
      attachments: files.map((f) => ({
        filename: f.filename,
        contentType: f.contentType,
        storageKey: f.storageKey,
      })),
      metadata: { referral_number: referral.referralNumber, provider_id: provider.id },
      record: {
        conversation: { id: thread.id },
        cc,
        trackingToken,
        // What the coordinator sees again is the email as written: without the tracking image and links.
        bodyHtml: message.html,
        timeline: {
          type: 'message_sent',
          details: { attachments_count: files.length, template_id: template?.id ?? null },
        },
      },
    });
    const attached = [];
    for (const file of files) {
      attached.push(await recordAttachment(txCtx, { communicationId: queued.row.id, file }));
    }
    await audit(tx, txCtx, {
      action: 'email.sent',
      entityType: 'referral',
      entityId: referral.id,
      details: {
        communication_id: queued.row.id,
        message_id: queued.messageId,
        provider_id: provider.id,
        cc_count: cc.length,
        attachments_count: files.length,
        template_id: template?.id ?? null,
      },
    });
    return { row: queued.row, stored: attached };
  });

  return {
    success: true,
    message: COMMUNICATION_MESSAGES.messageSent,
    error: null,
    email: toEmailWire(deps, row, actor.user.name, stored),
  };
}

/**
 * POST /api/email/send. The attachments were stored while the request was read; a refused send removes them,
 * so nothing of it is kept.
 */
export async function sendEmail(
  ctx: OrgContext,
  input: { body: EmailSend; files: readonly StoredAttachment[] },
): Promise<EmailSendResponse> {
  try {
    return await sendChecked(ctx, input.body, input.files);
  } catch (error) {
    await discardAttachments(ctx, { files: input.files });
    throw error;
  }
}
