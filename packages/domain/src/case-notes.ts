import { z } from 'zod';
import { idNumber, idString, pageQuery, timestampSchema } from './common.ts';
import { speechLanguageSchema } from './speech.ts';

// Case notes of a referral (001 §2.17, §3 "Case note", §5, §7 "Case notes", §8, §9): text notes written in a
// rich-text editor, and voice notes (issue #19): a recording transcribed on the server, kept with its note.

/** Texts of 001 §2.17, §5 and §8 (verbatim) and the server's own messages for the case-notes API. */
export const CASE_NOTE_MESSAGES = {
  title: 'Case Notes',
  unknownAuthor: 'Unknown User',
  confirmDelete: 'Are you sure you want to delete this note?',
  loadFailed: 'Failed to load case notes',
  addFailed: 'Failed to add note',
  updateFailed: 'Failed to update note',
  deleteFailed: 'Failed to delete note',
  contentRequired: 'Please enter a note.',
  tooLong: (max: number) => `A note can be at most ${max} characters.`,
  /** A voice note is sent with its recording (POST /api/case-notes/voice), never as JSON text alone. */
  voiceNotSupported:
    'A voice note is saved with its recording. Record it on the Voice Note tab, or add a text note.',
  /** 001 §5 "Voice notes with empty transcription are not saved". */
  noSpeech:
    'No speech was recognised, so the voice note was not saved. Record again closer to the microphone, or type a text note.',
  audioNotFound: 'This note has no recording.',
  /** 001 §8 (verbatim). */
  microphoneDenied: 'Could not access microphone. Please check your permissions.',
  recorderUnsupported: 'Recording is not supported in this browser. Please add a text note.',
  transcribing: 'Transcribing…',
  typeInstead: 'Type the note instead',
  voiceSaveFailed: 'Failed to save voice note',
  notFound: 'Note not found',
  onlyAuthor: 'Only the author can change this note.',
  referralIdRequired: 'referral_id must be the id of a referral.',
  languageFormat: 'Language must be a language code such as en or es-MX.',
  visibilityInvalid: "Visibility must be 'internal' or 'shared'.",
  /** The writer's choice (issue #12): off keeps the note inside the writer's organization. */
  shareWithProvider: 'Share with the matched provider',
  shareWithReferrer: 'Share with the referring organization',
  /** The badge of a shared note, named for the other organization that reads it. */
  sharedWithProvider: 'Shared with provider',
  sharedWithReferrer: 'Shared with referring organization',
} as const;

/**
 * Who reads a note (issue #12, minimum necessary): 'internal' (the default) keeps it inside the organization
 * whose user wrote it; 'shared' lets the referral's other side read it too — the matched provider's
 * organization for a note of the referring organization, the referring organization for a note of the provider.
 */
export const CASE_NOTE_VISIBILITIES = ['internal', 'shared'] as const;
export type CaseNoteVisibility = (typeof CASE_NOTE_VISIBILITIES)[number];

/**
 * Whether an organization that sees the referral (its referring organization or its matched provider's) may
 * read a note. A note is always visible to its author's organization; a shared note to the referring
 * organization, and to the matched provider's organization when the referring organization wrote it (a note a
 * former matched provider shared with the referrer is not the next provider's to read).
 */
export function noteVisibleTo(
  note: { organizationId: number; visibility: string },
  viewer: { orgId: number; referringOrgId: number },
): boolean {
  if (note.organizationId === viewer.orgId) return true;
  if (note.visibility !== 'shared') return false;
  return viewer.orgId === viewer.referringOrgId || note.organizationId === viewer.referringOrgId;
}

const visibilityField = z.enum(CASE_NOTE_VISIBILITIES, { error: CASE_NOTE_MESSAGES.visibilityInvalid });

/** Longest plain text of a note: about six pages, far more than a case note needs, small enough to list. */
export const CASE_NOTE_MAX_TEXT = 10_000;
/** Longest rich text accepted: the markup of the longest note with every format applied, with slack. */
export const CASE_NOTE_MAX_HTML = 60_000;
export const CASE_NOTE_PAGE_SIZE_DEFAULT = 50;
export const CASE_NOTE_PAGE_SIZE_MAX = 200;

/**
 * 001 §9 "Rich-text editor formats: bold, italic, underline, bullet and numbered lists, alignment, large and
 * normal text size": the only markup a note may hold. Large text is a level-3 heading, normal text a
 * paragraph (h2 is kept for notes written by other clients). The server sanitises to this list and the
 * browser sanitises again before it renders a note.
 */
export const CASE_NOTE_HTML_TAGS = [
  'p',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'br',
] as const;
/** Elements that may carry `style="text-align: …"` (the editor aligns paragraphs and headings). */
export const CASE_NOTE_ALIGNABLE_TAGS = ['p', 'h2', 'h3'] as const;
export const CASE_NOTE_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** The referral a note belongs to: canonical digits in the list's query string, a JSON number in a body. */
const referralIdQuery = idString(CASE_NOTE_MESSAGES.referralIdRequired);
const referralIdField = idNumber(CASE_NOTE_MESSAGES.referralIdRequired);

/** Plain text as sent; blank is allowed here because the server may derive it from the rich text. */
const contentField = z
  .string({ error: CASE_NOTE_MESSAGES.contentRequired })
  .max(CASE_NOTE_MAX_TEXT, CASE_NOTE_MESSAGES.tooLong(CASE_NOTE_MAX_TEXT))
  .nullish()
  .transform((v) => v ?? '');

const contentHtmlField = z
  .string()
  .max(CASE_NOTE_MAX_HTML, CASE_NOTE_MESSAGES.tooLong(CASE_NOTE_MAX_HTML))
  .nullish()
  .transform((v) => v ?? null);

/** GET /api/case-notes query (001 §7): one referral's notes, newest first, paged. */
export const caseNoteListQuerySchema = z.object({
  referral_id: referralIdQuery,
  ...pageQuery(CASE_NOTE_PAGE_SIZE_DEFAULT, CASE_NOTE_PAGE_SIZE_MAX),
});
export type CaseNoteListQuery = z.output<typeof caseNoteListQuerySchema>;

/**
 * POST /api/case-notes body (001 §7). The author is the signed-in user: a `user_id` sent by the spec's client
 * (which fixes it to 1) is accepted and ignored. `content` may be left out when `content_html` carries the
 * text; the server derives it from the sanitised markup.
 */
export const caseNoteCreateSchema = z.strictObject({
  referral_id: referralIdField,
  content: contentField,
  content_html: contentHtmlField,
  is_voice_note: z.boolean().default(false),
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/, CASE_NOTE_MESSAGES.languageFormat)
    .default('en'),
  /** Internal to the writer's organization unless the writer shares it (issue #12). */
  visibility: visibilityField.default('internal'),
  user_id: z.unknown().optional(),
});
export type CaseNoteCreateInput = z.input<typeof caseNoteCreateSchema>;
export type CaseNoteCreate = z.output<typeof caseNoteCreateSchema>;

/** A form field sent blank counts as not sent. */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * POST /api/case-notes/voice, the text fields of the multipart form beside the recording (`audio`): the referral,
 * the language spoken (001 §9 voice languages, en-US when left out), whom it is shared with, and `content`: the
 * text the author typed instead when the recording could not be transcribed (then it is not transcribed).
 */
export const caseNoteVoiceFieldsSchema = z.object({
  referral_id: referralIdQuery,
  language: z.preprocess(blankAsMissing, speechLanguageSchema.default('en-US')),
  content: z.preprocess(
    blankAsMissing,
    z.string().max(CASE_NOTE_MAX_TEXT, CASE_NOTE_MESSAGES.tooLong(CASE_NOTE_MAX_TEXT)).optional(),
  ),
  visibility: z.preprocess(blankAsMissing, visibilityField.default('internal')),
});
export type CaseNoteVoiceFields = z.output<typeof caseNoteVoiceFieldsSchema>;

/** PUT /api/case-notes/{id} body (001 §7): the new text and rich text. */
export const caseNoteUpdateSchema = z.strictObject({
  content: contentField,
  content_html: contentHtmlField,
  /** Left out: the note keeps its visibility. */
  visibility: visibilityField.optional(),
});
export type CaseNoteUpdateInput = z.input<typeof caseNoteUpdateSchema>;
export type CaseNoteUpdate = z.output<typeof caseNoteUpdateSchema>;

/** One note as the server sends it (001 §3 "Case note", plus what the caller may do with it). */
export const caseNoteSchema = z
  .object({
    id: z.number().int(),
    referral_id: z.number().int(),
    /** The author (null once the account is gone). */
    user_id: z.number().int().nullable(),
    /** The organization the author acted for. */
    organization_id: z.number().int(),
    content: z.string(),
    /** Sanitised rich text (CASE_NOTE_HTML_TAGS only); null for a note stored without markup. */
    content_html: z.string().nullable(),
    is_voice_note: z.boolean(),
    language: z.string(),
    /** The author's name when the note was written; shown as 'Unknown User' when null (001 §2.17). */
    author_name: z.string().nullable(),
    /** 'internal' (the author's organization only) or 'shared' (the referral's other side too). */
    visibility: z.enum(CASE_NOTE_VISIBILITIES),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    /** Whether the caller may edit and delete it: its author, or an administrator of its organization. */
    can_edit: z.boolean(),
    /** A voice note's recording is kept: GET /api/case-notes/{id}/audio plays it. */
    has_audio: z.boolean(),
    /** How long the recording is, in whole seconds, when known. */
    audio_duration_seconds: z.number().int().nullable(),
    /** The engine that transcribed a voice note ('pocketsphinx', 'whisper-http'); null when it was typed. */
    transcription_engine: z.string().nullable(),
  })
  .meta({ id: 'CaseNote' });
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseNoteListSchema = z.object({
  notes: z.array(caseNoteSchema),
  /** Whether the caller may add notes here (every organization role but viewer), so the panel shows the editor. */
  can_add: z.boolean(),
  /**
   * Whom a note the caller shares reaches: the matched provider (the caller is the referring organization) or the
   * referring organization (the caller is the matched provider's). Names the share control and the badges.
   */
  shares_with: z.enum(['provider', 'referrer']),
  /** The organization that made the referral: a shared note of it is "Shared with provider". */
  referring_organization_id: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CaseNoteList = z.infer<typeof caseNoteListSchema>;

export const caseNoteDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type CaseNoteDeleteResponse = z.infer<typeof caseNoteDeleteResponseSchema>;

/** 001 §2.17: the name shown for a note's author. */
export function noteAuthor(name: string | null | undefined): string {
  return name?.trim() ? name : CASE_NOTE_MESSAGES.unknownAuthor;
}

/** A note counts as edited when it changed more than a second after it was written. */
export function isNoteEdited(note: Pick<CaseNote, 'created_at' | 'updated_at'>): boolean {
  return new Date(note.updated_at).getTime() - new Date(note.created_at).getTime() > 1000;
}

/**
 * 001 §9 relative time: under a minute 'Just now', then minutes, hours up to 24, days up to 7, then the date.
 */
export function noteRelativeTime(at: string | Date, now: Date = new Date()): string {
  const when = new Date(at);
  const minutes = Math.floor((now.getTime() - when.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `${days}d ago`;
  return when.toLocaleDateString();
}
