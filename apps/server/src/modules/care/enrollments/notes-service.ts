import {
  ENROLLMENT_MESSAGES,
  type EnrollmentItemDeleteResponse,
  type EnrollmentItemsQuery,
  type EnrollmentNote,
  type EnrollmentNoteCreate,
  type EnrollmentNoteList,
  type EnrollmentNoteUpdate,
} from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  confidentialReader,
  findVisibleEnrollment,
  isManager,
  isWriter,
  readItemPage,
  visibleEnrollmentOfItem,
} from './access.ts';
import * as items from './items-repo.ts';
import type { EnrollmentView } from './repo.ts';

// Notes of an enrollment (002 §3 Note, §5 "Note text required", §9 type general). A confidential note is read
// only by its author and the organization's managers and administrators: the others neither see it nor count it
// (issue #15 item 8). A note is changed by its author, or by a manager or administrator.

/** Its author, or a manager or administrator; never a viewer. */
function canChange(ctx: OrgContext, note: Pick<items.NoteRow, 'createdBy'>): boolean {
  if (!isWriter(ctx)) return false;
  return isManager(ctx) || (note.createdBy !== null && note.createdBy === ctx.actor.user.id);
}

function toWire(row: items.NoteView, ctx: OrgContext): EnrollmentNote {
  return {
    id: row.id,
    enrollment_id: row.enrollmentId,
    note_text: row.noteText,
    note_type: row.noteType,
    is_confidential: row.isConfidential,
    created_ts: row.createdTs.toISOString(),
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    can_edit: canChange(ctx, row),
  };
}

const notFound = () => new AppError('enrollment_note.not_found', ENROLLMENT_MESSAGES.noteNotFound);

/** A note the caller may read, on an enrollment the caller sees; anything else is not found. */
async function findVisibleNote(
  ctx: OrgContext,
  id: number,
): Promise<{ note: items.NoteView; enrollment: EnrollmentView }> {
  const enrollment = await visibleEnrollmentOfItem(ctx, await items.enrollmentOfNote(ctx.db, id), notFound);
  const note = await items.findNote(ctx.db, id, confidentialReader(ctx));
  if (!note) throw notFound();
  return { note, enrollment };
}

async function reread(db: DbOrTx, id: number, ctx: OrgContext): Promise<EnrollmentNote> {
  return toWire((await items.findNote(db, id, null))!, ctx);
}

/** GET /api/enrollments/{id}/notes: the notes the caller may read, newest first; audited. */
export async function listNotes(
  ctx: OrgContext,
  input: EnrollmentItemsQuery & { enrollmentId: number },
): Promise<EnrollmentNoteList> {
  const { rows, total } = await readItemPage(ctx, input, 'enrollment_note', (id, page) =>
    items.listNotes(ctx.db, id, confidentialReader(ctx), page),
  );
  return { notes: rows.map((r) => toWire(r, ctx)), total };
}

/** POST /api/enrollments/notes/: a note by the signed-in user. */
export async function createNote(ctx: OrgContext, input: EnrollmentNoteCreate): Promise<EnrollmentNote> {
  const enrollment = await findVisibleEnrollment(ctx, input.enrollment_id);
  return ctx.db.transaction(async (tx) => {
    const row = await items.insertNote(tx, {
      enrollmentId: enrollment.id,
      noteText: input.note_text,
      noteType: input.note_type,
      isConfidential: input.is_confidential,
      createdBy: ctx.actor.user.id,
    });
    await audit(tx, ctx, {
      action: 'enrollment_note.created',
      entityType: 'enrollment_note',
      entityId: row.id,
      details: { enrollment_id: enrollment.id, note_type: row.noteType, is_confidential: row.isConfidential },
    });
    return reread(tx, row.id, ctx);
  });
}

/** PUT /api/enrollments/notes/{id}: the author, a manager or an administrator changes the fields sent. */
export async function updateNote(
  ctx: OrgContext,
  input: EnrollmentNoteUpdate & { id: number },
): Promise<EnrollmentNote> {
  const { enrollment } = await findVisibleNote(ctx, input.id);
  return ctx.db.transaction(async (tx) => {
    const before = await items.lockNote(tx, input.id);
    if (!before) throw notFound();
    if (!canChange(ctx, before))
      throw new AppError('enrollment_note.author_only', ENROLLMENT_MESSAGES.noteAuthorOnly);
    const values: Partial<items.NoteInsert> = {};
    const fields: string[] = [];
    if (input.note_text !== undefined && input.note_text !== before.noteText) {
      values.noteText = input.note_text;
      fields.push('note_text');
    }
    if (input.note_type !== undefined && input.note_type !== before.noteType) {
      values.noteType = input.note_type;
      fields.push('note_type');
    }
    if (input.is_confidential !== undefined && input.is_confidential !== before.isConfidential) {
      values.isConfidential = input.is_confidential;
      fields.push('is_confidential');
    }
    if (fields.length === 0) {
      await audit(tx, ctx, {
        action: 'enrollment_note.read',
        entityType: 'enrollment_note',
        entityId: before.id,
        details: { enrollment_id: enrollment.id },
      });
      return reread(tx, before.id, ctx);
    }
    await items.updateNote(tx, before.id, values);
    await audit(tx, ctx, {
      action: 'enrollment_note.updated',
      entityType: 'enrollment_note',
      entityId: before.id,
      details: { enrollment_id: enrollment.id, fields },
    });
    return reread(tx, before.id, ctx);
  });
}

/** DELETE /api/enrollments/notes/{id}: its author, a manager or an administrator. */
export async function deleteNote(
  ctx: OrgContext,
  input: { id: number },
): Promise<EnrollmentItemDeleteResponse> {
  const { enrollment } = await findVisibleNote(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const before = await items.lockNote(tx, input.id);
    if (!before) throw notFound();
    if (!canChange(ctx, before))
      throw new AppError('enrollment_note.author_only', ENROLLMENT_MESSAGES.noteAuthorOnly);
    await items.deleteNote(tx, before.id);
    await audit(tx, ctx, {
      action: 'enrollment_note.deleted',
      entityType: 'enrollment_note',
      entityId: before.id,
      details: { enrollment_id: enrollment.id, is_confidential: before.isConfidential },
    });
  });
  return { message: ENROLLMENT_MESSAGES.noteDeleted, id: input.id };
}
