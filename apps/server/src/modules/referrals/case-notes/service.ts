import {
  CASE_NOTE_MAX_TEXT,
  CASE_NOTE_MESSAGES,
  type CaseNote,
  type CaseNoteCreate,
  type CaseNoteDeleteResponse,
  type CaseNoteList,
  type CaseNoteListQuery,
  type CaseNoteUpdate,
  type CaseNoteVisibility,
  noteVisibleTo,
  ORG_ADMIN_ROLES,
  REFERRAL_MESSAGES,
  type ReferralEventType,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import { type Actor, findVisibleReferral } from '../referrals/service.ts';
import * as repo from './repo.ts';
import { noteHtmlToText, sanitizeNoteHtml, textToNoteHtml } from './sanitize.ts';

/**
 * Who may edit or delete a note: its author, or an administrator of the organization it was written for
 * (a super_admin anywhere, 002 §6). Viewers write nothing, not even their own old notes.
 */
function canChange(actor: Actor, note: repo.CaseNoteRow): boolean {
  if (actor.org.role === 'viewer') return false;
  if (note.userId !== null && note.userId === actor.user.id) return true;
  if (isPlatformOperator(actor)) return true;
  return note.organizationId === actor.org.id && ORG_ADMIN_ROLES.includes(actor.org.role);
}

function toWire(note: repo.CaseNoteRow, actor: Actor): CaseNote {
  return {
    id: note.id,
    referral_id: note.referralId,
    user_id: note.userId,
    organization_id: note.organizationId,
    content: note.content,
    content_html: note.contentHtml,
    is_voice_note: note.isVoiceNote,
    language: note.language,
    author_name: note.authorName,
    visibility: note.visibility === 'shared' ? 'shared' : 'internal',
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
    can_edit: canChange(actor, note),
  };
}

function contentError(message: string): AppError {
  return new AppError('validation_failed', message, { fields: { content: message } });
}

/**
 * The stored text and rich text of a note: the markup sanitised to the editor's formats, the plain text as
 * sent (trimmed) or, when none is sent, read from that markup. 001 §5: the text may not be blank.
 */
export function noteBody(input: { content: string; content_html: string | null }): {
  content: string;
  contentHtml: string;
} {
  const safeHtml = input.content_html === null ? '' : sanitizeNoteHtml(input.content_html);
  const htmlText = noteHtmlToText(safeHtml);
  const content = input.content.trim() || htmlText;
  if (!content) throw contentError(CASE_NOTE_MESSAGES.contentRequired);
  if (content.length > CASE_NOTE_MAX_TEXT) throw contentError(CASE_NOTE_MESSAGES.tooLong(CASE_NOTE_MAX_TEXT));
  // Markup that sanitised to nothing readable (only a script, say) is replaced by the plain text.
  return { content, contentHtml: htmlText ? safeHtml : textToNoteHtml(content) };
}

/**
 * A note the caller's organization can see: through its referral, and by the note's visibility (an internal
 * note of the referring organization is not the matched provider's to read, issue #12); anything else does not
 * exist for it.
 */
async function findVisibleNote(deps: AppDeps, actor: Actor, id: number) {
  const note = await repo.findNote(deps.database.db, id);
  if (!note) throw new AppError('not_found', CASE_NOTE_MESSAGES.notFound);
  try {
    const { record } = await findVisibleReferral(deps, actor, note.referralId);
    if (!noteVisibleTo(note, { orgId: actor.org.id, referringOrgId: record.organizationId })) {
      throw new AppError('not_found', CASE_NOTE_MESSAGES.notFound);
    }
    return { note, referral: record };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') {
      throw new AppError('not_found', CASE_NOTE_MESSAGES.notFound);
    }
    throw error;
  }
}

/**
 * The timeline row (ids only: a note's text is PHI and stays out of events) and the audit row of a change. The
 * row names the note's organization and visibility, so the timeline shows it only to those who may read the
 * note (referrals/service.ts listReferralEvents).
 */
async function recordChange(
  deps: AppDeps,
  tx: Tx,
  request: FastifyRequest,
  actor: Actor,
  change: {
    referral: Awaited<ReturnType<typeof findVisibleReferral>>['record'];
    note: Pick<repo.CaseNoteRow, 'id' | 'organizationId' | 'visibility'>;
    type: Extract<ReferralEventType, 'note_added' | 'note_updated' | 'note_deleted'>;
    action: 'case_note.created' | 'case_note.updated' | 'case_note.deleted';
    auditDetails?: Record<string, unknown>;
  },
) {
  const { note } = change;
  await recordReferralEvent(deps, tx, {
    referral: change.referral,
    type: change.type,
    actorUserId: actor.user.id,
    details: { note_id: note.id, organization_id: note.organizationId, visibility: note.visibility },
  });
  await audit(tx, request, {
    action: change.action,
    entityType: 'case_note',
    entityId: note.id,
    details: { referral_id: change.referral.id, visibility: note.visibility, ...change.auditDetails },
  });
}

/** GET /api/case-notes?referral_id=: the referral's notes, newest first, one page; the read is audited (PHI). */
export async function listCaseNotes(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  query: CaseNoteListQuery,
): Promise<CaseNoteList> {
  const { record: referral } = await findVisibleReferral(deps, actor, query.referral_id);
  const { rows, total } = await repo.listNotes(deps.database.db, query.referral_id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    viewerOrgId: actor.org.id,
    referringOrgId: referral.organizationId,
  });
  await auditPhiRead(deps.database.db, request, {
    action: 'case_note.list_read',
    entityType: 'case_note',
    ids: rows.map((row) => row.id),
    details: { referral_id: query.referral_id },
  });
  return {
    notes: rows.map((row) => toWire(row, actor)),
    can_add: actor.org.role !== 'viewer',
    shares_with: actor.org.id === referral.organizationId ? 'provider' : 'referrer',
    referring_organization_id: referral.organizationId,
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * POST /api/case-notes: a text note by the signed-in user for the active organization (the spec's fixed user
 * id 1 and any user_id sent are ignored), on a referral the organization sees (as owner or matched provider).
 */
export async function createCaseNote(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  input: CaseNoteCreate,
): Promise<CaseNote> {
  // Voice notes (recorder, transcription, audio) come with a later issue; refuse rather than store half of one.
  if (input.is_voice_note) {
    throw new AppError('rule_broken', CASE_NOTE_MESSAGES.voiceNotSupported, {
      fields: { is_voice_note: CASE_NOTE_MESSAGES.voiceNotSupported },
    });
  }
  const body = noteBody(input);
  const { record: referral } = await findVisibleReferral(deps, actor, input.referral_id);
  return withReferralGone(() =>
    insertNote(deps, request, actor, referral, body, input.language, input.visibility),
  );
}

/** A referral deleted between the visibility check and the insert is a 404, like one that never existed. */
async function withReferralGone<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e?.code ?? e?.cause?.code) === '23503') throw new AppError('not_found', REFERRAL_MESSAGES.notFound);
    throw error;
  }
}

async function insertNote(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  referral: Awaited<ReturnType<typeof findVisibleReferral>>['record'],
  body: { content: string; contentHtml: string },
  language: string,
  visibility: CaseNoteVisibility,
): Promise<CaseNote> {
  return deps.database.db.transaction(async (tx) => {
    const note = await repo.insertNote(tx, {
      referralId: referral.id,
      organizationId: actor.org.id,
      userId: actor.user.id,
      authorName: actor.user.name,
      content: body.content,
      contentHtml: body.contentHtml,
      isVoiceNote: false,
      language,
      visibility,
    });
    await recordChange(deps, tx, request, actor, {
      referral,
      note,
      type: 'note_added',
      action: 'case_note.created',
    });
    return toWire(note, actor);
  });
}

/** Locks the note for a change and checks the caller may make it (author or administrator). */
async function lockChangeable(tx: Tx, actor: Actor, id: number) {
  const note = await repo.lockNote(tx, id);
  if (!note) throw new AppError('not_found', CASE_NOTE_MESSAGES.notFound);
  if (!canChange(actor, note)) throw new AppError('forbidden', CASE_NOTE_MESSAGES.onlyAuthor);
  return note;
}

/**
 * PUT /api/case-notes/{id}: new text for a note, and its visibility when sent; 001 §5: saving an edit requires
 * non-blank text.
 */
export async function updateCaseNote(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  input: CaseNoteUpdate,
): Promise<CaseNote> {
  const { note: current, referral } = await findVisibleNote(deps, actor, id);
  if (!canChange(actor, current)) throw new AppError('forbidden', CASE_NOTE_MESSAGES.onlyAuthor);
  const body = noteBody(input);
  return deps.database.db.transaction(async (tx) => {
    const before = await lockChangeable(tx, actor, id);
    const visibility = input.visibility ?? before.visibility;
    if (
      before.content === body.content &&
      before.contentHtml === body.contentHtml &&
      before.visibility === visibility
    ) {
      // Nothing changed, yet the answer is the note: audited as the read it is (issue #12).
      await auditPhiRead(tx, request, {
        action: 'case_note.read',
        entityType: 'case_note',
        ids: [id],
        details: { referral_id: referral.id },
      });
      return toWire(before, actor);
    }
    const note = await repo.updateNote(tx, id, { ...body, visibility });
    await recordChange(deps, tx, request, actor, {
      referral,
      note,
      type: 'note_updated',
      action: 'case_note.updated',
      ...(before.visibility === visibility ? {} : { auditDetails: { visibility_from: before.visibility } }),
    });
    return toWire(note, actor);
  });
}

/** DELETE /api/case-notes/{id} (001 §5: the browser asks first). */
export async function deleteCaseNote(
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
): Promise<CaseNoteDeleteResponse> {
  const { referral } = await findVisibleNote(deps, actor, id);
  return deps.database.db.transaction(async (tx) => {
    const note = await lockChangeable(tx, actor, id);
    await repo.deleteNote(tx, id);
    await recordChange(deps, tx, request, actor, {
      referral,
      note,
      type: 'note_deleted',
      action: 'case_note.deleted',
    });
    return { message: 'Note deleted', id };
  });
}
