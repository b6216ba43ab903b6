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
import type { Tx } from '../../../db/client.ts';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { storageOf } from '../../../platform/storage.ts';
import { findVisibleReferral, type VisibleReferral } from '../referrals/access.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import * as repo from './repo.ts';
import { noteHtmlToText, sanitizeNoteHtml, textToNoteHtml } from './sanitize.ts';

type Actor = OrgContext['actor'];
type Referral = VisibleReferral['record'];

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
    has_audio: note.audioStorageKey !== null,
    audio_duration_seconds: note.audioDurationSeconds,
    transcription_engine: note.transcriptionEngine,
  };
}

function contentError(message: string): AppError {
  return new AppError('case_note.content_invalid', message, { fields: { content: message } });
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
export async function findVisibleNote(ctx: OrgContext, id: number) {
  const note = await repo.findNote(ctx.db, id);
  if (!note) throw new AppError('case_note.not_found', CASE_NOTE_MESSAGES.notFound);
  let referral: Referral;
  try {
    referral = (await findVisibleReferral(ctx, { id: note.referralId })).record;
  } catch (error) {
    // The note of a referral the caller does not see does not exist for it either.
    if (error instanceof AppError && error.reason === 'referral.not_found') {
      throw new AppError('case_note.not_found', CASE_NOTE_MESSAGES.notFound);
    }
    throw error;
  }
  if (!noteVisibleTo(note, { orgId: ctx.actor.org.id, referringOrgId: referral.organizationId })) {
    throw new AppError('case_note.not_found', CASE_NOTE_MESSAGES.notFound);
  }
  return { note, referral };
}

/**
 * The timeline row (ids only: a note's text is PHI and stays out of events) and the audit row of a change. The
 * row names the note's organization and visibility, so the timeline shows it only to those who may read the
 * note (referrals/service.ts listReferralEvents).
 */
async function recordChange(
  ctx: OrgContext,
  tx: Tx,
  change: {
    referral: Referral;
    note: Pick<repo.CaseNoteRow, 'id' | 'organizationId' | 'visibility'>;
    type: Extract<ReferralEventType, 'note_added' | 'note_updated' | 'note_deleted'>;
    action: 'case_note.created' | 'case_note.updated' | 'case_note.deleted';
    auditDetails?: Record<string, unknown>;
  },
) {
  const { note } = change;
  await recordReferralEvent(inTransaction(ctx, tx), {
    referral: change.referral,
    type: change.type,
    actorUserId: ctx.actor.user.id,
    details: { note_id: note.id, organization_id: note.organizationId, visibility: note.visibility },
  });
  await audit(tx, ctx, {
    action: change.action,
    entityType: 'case_note',
    entityId: note.id,
    details: { referral_id: change.referral.id, visibility: note.visibility, ...change.auditDetails },
  });
}

/** GET /api/case-notes?referral_id=: the referral's notes, newest first, one page; the read is audited (PHI). */
export async function listCaseNotes(ctx: OrgContext, query: CaseNoteListQuery): Promise<CaseNoteList> {
  const actor = ctx.actor;
  const { record: referral } = await findVisibleReferral(ctx, { id: query.referral_id });
  const { rows, total } = await repo.listNotes(ctx.db, query.referral_id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    viewerOrgId: actor.org.id,
    referringOrgId: referral.organizationId,
  });
  await auditPhiRead(ctx.db, ctx, {
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
export async function createCaseNote(ctx: OrgContext, input: CaseNoteCreate): Promise<CaseNote> {
  // A voice note comes with its recording (POST /api/case-notes/voice, voice-notes.ts); refuse half of one.
  if (input.is_voice_note) {
    throw new AppError('case_note.voice_not_supported', CASE_NOTE_MESSAGES.voiceNotSupported, {
      fields: { is_voice_note: CASE_NOTE_MESSAGES.voiceNotSupported },
    });
  }
  const body = noteBody(input);
  const { record: referral } = await findVisibleReferral(ctx, { id: input.referral_id });
  return withReferralGone(() =>
    insertNote(ctx, referral, { body, language: input.language, visibility: input.visibility }),
  );
}

/** A referral deleted between the visibility check and the insert is a 404, like one that never existed. */
export async function withReferralGone<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e?.code ?? e?.cause?.code) === '23503') {
      throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
    }
    throw error;
  }
}

/** A voice note's recording, already in encrypted storage, and how its text came about. */
export type NoteRecording = {
  storageKey: string;
  contentType: string;
  durationSeconds: number | null;
  /** The engine that transcribed it; null when the author typed the text. */
  engine: string | null;
};

/**
 * The note and its timeline and audit rows, in one transaction: a text note, or a voice note with its recording
 * (voice-notes.ts).
 */
export async function insertNote(
  ctx: OrgContext,
  referral: Referral,
  input: {
    body: { content: string; contentHtml: string };
    language: string;
    visibility: CaseNoteVisibility;
    recording?: NoteRecording;
  },
): Promise<CaseNote> {
  const actor = ctx.actor;
  const { body, recording } = input;
  return ctx.db.transaction(async (tx) => {
    const note = await repo.insertNote(tx, {
      referralId: referral.id,
      organizationId: actor.org.id,
      userId: actor.user.id,
      authorName: actor.user.name,
      content: body.content,
      contentHtml: body.contentHtml,
      isVoiceNote: recording !== undefined,
      language: input.language,
      visibility: input.visibility,
      ...(recording && {
        audioStorageKey: recording.storageKey,
        audioContentType: recording.contentType,
        audioDurationSeconds: recording.durationSeconds,
        transcriptionEngine: recording.engine,
      }),
    });
    await recordChange(ctx, tx, {
      referral,
      note,
      type: 'note_added',
      action: 'case_note.created',
      ...(recording && {
        auditDetails: { voice_note: true, transcribed: recording.engine !== null, language: input.language },
      }),
    });
    return toWire(note, actor);
  });
}

/** Locks the note for a change and checks the caller may make it (author or administrator). */
async function lockChangeable(tx: Tx, actor: Actor, id: number) {
  const note = await repo.lockNote(tx, id);
  if (!note) throw new AppError('case_note.not_found', CASE_NOTE_MESSAGES.notFound);
  if (!canChange(actor, note)) throw new AppError('case_note.author_only', CASE_NOTE_MESSAGES.onlyAuthor);
  return note;
}

/**
 * PUT /api/case-notes/{id}: new text for a note, and its visibility when sent; 001 §5: saving an edit requires
 * non-blank text.
 */
export async function updateCaseNote(
  ctx: OrgContext,
  input: CaseNoteUpdate & { id: number },
): Promise<CaseNote> {
  const { id } = input;
  const actor = ctx.actor;
  const { note: current, referral } = await findVisibleNote(ctx, id);
  if (!canChange(actor, current)) throw new AppError('case_note.author_only', CASE_NOTE_MESSAGES.onlyAuthor);
  const body = noteBody(input);
  return ctx.db.transaction(async (tx) => {
    const before = await lockChangeable(tx, actor, id);
    const visibility = input.visibility ?? before.visibility;
    if (
      before.content === body.content &&
      before.contentHtml === body.contentHtml &&
      before.visibility === visibility
    ) {
      // Nothing changed, yet the answer is the note: audited as the read it is (issue #12).
      await auditPhiRead(tx, ctx, {
        action: 'case_note.read',
        entityType: 'case_note',
        ids: [id],
        details: { referral_id: referral.id },
      });
      return toWire(before, actor);
    }
    const note = await repo.updateNote(tx, id, { ...body, visibility });
    await recordChange(ctx, tx, {
      referral,
      note,
      type: 'note_updated',
      action: 'case_note.updated',
      ...(before.visibility === visibility ? {} : { auditDetails: { visibility_from: before.visibility } }),
    });
    return toWire(note, actor);
  });
}

/**
 * DELETE /api/case-notes/{id} (001 §5: the browser asks first). A voice note's recording goes with it, once the
 * note is gone (a file that cannot be removed now is logged, never played again: nothing points at it).
 */
export async function deleteCaseNote(
  ctx: OrgContext,
  input: { id: number },
): Promise<CaseNoteDeleteResponse> {
  const { id } = input;
  const { referral } = await findVisibleNote(ctx, id);
  const deleted = await ctx.db.transaction(async (tx) => {
    const note = await lockChangeable(tx, ctx.actor, id);
    await repo.deleteNote(tx, id);
    await recordChange(ctx, tx, {
      referral,
      note,
      type: 'note_deleted',
      action: 'case_note.deleted',
    });
    return note;
  });
  if (deleted.audioStorageKey) await removeRecording(ctx, deleted.audioStorageKey);
  return { message: 'Note deleted', id };
}

/** Removes a stored recording; a failure is logged (the file is orphaned, not exposed) and not the caller's. */
export async function removeRecording(ctx: OrgContext, storageKey: string): Promise<void> {
  try {
    await storageOf(ctx.deps).remove(storageKey);
  } catch (error) {
    ctx.log.warn({ err: error, storageKey }, 'could not remove a case note recording');
  }
}
