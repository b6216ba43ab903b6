import {
  CASE_NOTE_ALIGNABLE_TAGS,
  CASE_NOTE_ALIGNMENTS,
  CASE_NOTE_HTML_TAGS,
  type CaseNote,
} from '@trust/domain';
import DOMPurify from 'dompurify';

// The server stores only sanitised markup; the browser sanitises again before it renders a note (defence in
// depth, DESIGN.md "HTML sanitising"), with the same allowlist: the editor's formats of 001 §9.

const ALIGN_STYLE = new RegExp(`^\\s*text-align:\\s*(${CASE_NOTE_ALIGNMENTS.join('|')})\\s*;?\\s*$`, 'i');
const ALIGNABLE = new Set<string>(CASE_NOTE_ALIGNABLE_TAGS);

/** A purifier of its own, so its hook touches no other use of DOMPurify. */
const purifier = DOMPurify(window);
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  // Only `style="text-align: …"` on a paragraph or heading survives; any other style could restyle the page.
  if (data.attrName !== 'style') return;
  if (!ALIGNABLE.has(node.nodeName.toLowerCase()) || !ALIGN_STYLE.test(data.attrValue)) data.keepAttr = false;
});

export function purifyNoteHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...CASE_NOTE_HTML_TAGS],
    ALLOWED_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text as editor markup: one paragraph per line. */
export function textToHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}

/** The markup to show or edit for a note: its rich text, else its plain text as paragraphs. */
export function noteDisplayHtml(note: Pick<CaseNote, 'content' | 'content_html'>): string {
  return purifyNoteHtml(note.content_html ?? textToHtml(note.content));
}
