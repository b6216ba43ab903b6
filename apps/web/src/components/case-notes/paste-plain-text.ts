import { Fragment, Slice } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';

// 001 §2.17: "Pasting inserts plain text only." Whatever the clipboard holds (a web page, a word processor's
// styled text), only its plain text goes in: formatting, links and images are dropped.

/** Lines of pasted text, with Windows and old Mac line ends made plain. */
function linesOf(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * The editor's paste handler: inserts the clipboard's text/plain at the cursor (one paragraph per line) and
 * tells ProseMirror the paste is handled, so the HTML flavour is never parsed.
 */
export function pastePlainText(view: EditorView, event: ClipboardEvent): boolean {
  const text = event.clipboardData?.getData('text/plain') ?? '';
  event.preventDefault?.();
  if (text === '') return true;
  const lines = linesOf(text);
  const { state } = view;
  if (lines.length === 1) {
    view.dispatch(state.tr.insertText(lines[0] ?? '').scrollIntoView());
    return true;
  }
  const { schema } = state;
  const paragraph = schema.nodes.paragraph;
  if (!paragraph) return true;
  const blocks = lines.map((line) => paragraph.create(null, line ? schema.text(line) : null));
  // Open at both ends: the first line joins the paragraph at the cursor, the last one the text after it.
  view.dispatch(state.tr.replaceSelection(new Slice(Fragment.from(blocks), 1, 1)).scrollIntoView());
  return true;
}

/**
 * For HTML that reaches the editor another way (a drop): its text only, as paragraphs, so no formatting from
 * outside survives.
 */
export function pastedHtmlToPlainHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('script, style, template, noscript'))) el.remove();
  for (const br of Array.from(doc.body.querySelectorAll('br'))) br.replaceWith('\n');
  for (const block of Array.from(
    doc.body.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, tr, blockquote, pre'),
  )) {
    block.append('\n');
  }
  const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return linesOf(doc.body.textContent ?? '')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}
