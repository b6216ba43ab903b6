import { CASE_NOTE_ALIGNABLE_TAGS, CASE_NOTE_ALIGNMENTS, CASE_NOTE_HTML_TAGS } from '@trust/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of a note is untrusted input (DESIGN.md "HTML sanitising"): whatever a client sends, only the
 * markup the editor produces is stored (001 §9 formats: bold, italic, underline, lists, alignment, large and
 * normal text). Scripts, event handlers, links, images, frames, classes and any other style are dropped.
 */
const ALIGNMENT = new RegExp(`^(${CASE_NOTE_ALIGNMENTS.join('|')})$`);

const NOTE_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CASE_NOTE_HTML_TAGS],
  allowedAttributes: Object.fromEntries(CASE_NOTE_ALIGNABLE_TAGS.map((tag) => [tag, ['style']])),
  allowedStyles: Object.fromEntries(
    CASE_NOTE_ALIGNABLE_TAGS.map((tag) => [tag, { 'text-align': [ALIGNMENT] }]),
  ),
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  // Elements whose content is not text for a reader: dropped with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'template',
    'title',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  // Blocks the editor does not make keep their line: other heading levels become large text, other blocks
  // become paragraphs (their alignment, if any, is then filtered like any other).
  transformTags: {
    h1: 'h3',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
    blockquote: 'p',
    pre: 'p',
  },
};

/** The note's rich text reduced to the editor's formats. */
export function sanitizeNoteHtml(html: string): string {
  return sanitizeHtml(html, NOTE_HTML_OPTIONS)
    .replace(/\sstyle=""/g, '')
    .trim();
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"' };

/**
 * The plain text of sanitised note markup: one line per paragraph, heading, list item or line break, inner
 * whitespace collapsed as a browser shows it, blank lines dropped.
 */
export function noteHtmlToText(safeHtml: string): string {
  const withBreaks = safeHtml
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h2|h3|li)>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(lt|gt|amp|quot);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Markup for a note sent as plain text only: one paragraph per line. */
export function textToNoteHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}
