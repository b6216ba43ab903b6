import { z } from 'zod';
import { idString, pageQuery, timestampSchema } from './common.ts';
import { formatFileSize } from './display.ts';

// Case documents of a referral (000 §2.7 Documents tab, §3.7, §5.6, §7, §8; 001 §2.18, §3 "Document", §7, §8):
// files attached to a referral, stored encrypted by the server and read by the organizations that see it.

/** 000 §5.6, 001 §2.18: the file types a case document may be. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/** The file chooser's `accept` list (000 §2.7). */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The content type the server stores and serves for each type, once the bytes are checked to be of that type
 * (the browser's own claim is never used).
 */
export const DOCUMENT_CONTENT_TYPES: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The largest file accepted when DOCUMENT_MAX_BYTES is not set: 20 MiB. */
export const DOCUMENT_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** Longest stored file name; longer names are shortened, keeping the extension. */
export const DOCUMENT_FILENAME_MAX = 200;
export const DOCUMENT_PAGE_SIZE_DEFAULT = 100;
export const DOCUMENT_PAGE_SIZE_MAX = 200;

const ALLOWED_LIST = 'PDF, DOC, DOCX, TXT, JPG, JPEG and PNG';

/** Texts of 000 §2.7, §5.6, §8 and 001 §2.18, §8 (verbatim), and the server's own messages for this API. */
export const DOCUMENT_MESSAGES = {
  title: 'Documents',
  upload: 'Upload Document',
  noReferral: 'No referral selected. Please select a referral first.',
  emptyTitle: 'No documents uploaded',
  emptyHint: 'Upload relevant documents for this case.',
  previewUnavailable: 'Preview will be available for supported file types (PDF, images)',
  downloadToView: 'Download to View',
  confirmDelete: 'Are you sure you want to delete this document?',
  uploadFailed: (serverText: string) => `Failed to upload file: ${serverText}`,
  uploadError: (message: string) => `Error uploading file: ${message}`,
  downloadFailed: 'Failed to download document.',
  deleteFailed: 'Failed to delete document.',
  deleteError: 'Error deleting document.',
  loadFailed: 'Failed to load documents',
  previewFailed: 'Failed to load the preview.',
  notFound: 'Document not found',
  fileMissing: "This document's file could not be found.",
  noFile: 'Choose a file to upload (form field "file").',
  emptyFile: 'The file is empty. Choose a file that has content.',
  typeNotAllowed: `Only ${ALLOWED_LIST} files can be uploaded.`,
  contentMismatch: (extension: string) =>
    `The file's content is not a valid .${extension} file. Only ${ALLOWED_LIST} files can be uploaded.`,
  tooLarge: (maxBytes: number) =>
    `The file is larger than the ${formatFileSize(maxBytes)} limit. Choose a smaller file.`,
  notMultipart: 'Send the file as multipart/form-data, in a field named "file".',
  malformed: 'The upload could not be read. Please try again.',
  tooManyParts: 'The upload has too many files or fields. Send one file.',
  deleteForbidden:
    'Only the person who uploaded this document or the organization that owns the referral can delete it.',
  deleted: 'Document deleted',
} as const;

/** The lower-case extension of a file name, or null when it has none. */
export function fileExtension(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return null;
  return filename.slice(dot + 1).toLowerCase();
}

/** The allowed type a file name claims, or null when its extension is not one of 000 §5.6. */
export function documentExtension(filename: string): DocumentExtension | null {
  const ext = fileExtension(filename);
  return ext !== null && (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)
    ? (ext as DocumentExtension)
    : null;
}

/** How the browser can preview a stored type (000 §2.7: PDF and images), or null for the others. */
export function documentPreviewKind(contentType: string): 'pdf' | 'image' | null {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  if (base === 'application/pdf') return 'pdf';
  if (base === 'image/png' || base === 'image/jpeg') return 'image';
  return null;
}

/** Path of the document routes: /api/referrals/{id}/documents/{docId}. */
export const documentParamsSchema = z.object({
  id: idString(),
  docId: idString(),
});

/** GET /api/referrals/{id}/documents query: one page, newest first. */
export const documentListQuerySchema = z.object({
  ...pageQuery(DOCUMENT_PAGE_SIZE_DEFAULT, DOCUMENT_PAGE_SIZE_MAX),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

/** GET /api/referrals/{id}/documents/{docId} query: `inline` for the preview of a PDF or an image. */
export const documentDownloadQuerySchema = z.object({
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});

/** One document as the server sends it (000 §3.7 / 001 §3 fields, plus what the caller may do with it). */
export const referralDocumentSchema = z
  .object({
    id: z.number().int(),
    referral_id: z.number().int(),
    filename: z.string(),
    /** Bytes. */
    file_size: z.number().int(),
    uploaded_at: timestampSchema,
    /** The checked type (DOCUMENT_CONTENT_TYPES), never the browser's claim. */
    content_type: z.string(),
    /** The uploader (null once the account is gone). */
    uploaded_by: z.number().int().nullable(),
    uploaded_by_name: z.string().nullable(),
    /** The uploader, or a writer of the organization that owns the referral. */
    can_delete: z.boolean(),
  })
  .meta({ id: 'ReferralDocument' });
export type ReferralDocument = z.infer<typeof referralDocumentSchema>;

export const referralDocumentListSchema = z.object({
  documents: z.array(referralDocumentSchema),
  /** Whether the caller may upload here (every organization role but viewer). */
  can_upload: z.boolean(),
  /** The server's size limit in bytes (DOCUMENT_MAX_BYTES), so the browser checks before sending. */
  max_file_size: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ReferralDocumentList = z.infer<typeof referralDocumentListSchema>;

export const referralDocumentDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type ReferralDocumentDeleteResponse = z.infer<typeof referralDocumentDeleteResponseSchema>;
