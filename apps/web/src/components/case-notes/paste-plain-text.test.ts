import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTE_EDITOR_EXTENSIONS } from './note-editor.tsx';
import { pastedHtmlToPlainHtml, pastePlainText } from './paste-plain-text.ts';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function editorWith(html: string, cursor: number) {
  editor = new Editor({ extensions: NOTE_EDITOR_EXTENSIONS, content: html });
  editor.commands.setTextSelection(cursor);
  return editor;
}

function clipboardEvent(data: Record<string, string>) {
  let prevented = false;
  const event = {
    clipboardData: { getData: (type: string) => data[type] ?? '' },
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as ClipboardEvent;
  return { event, prevented: () => prevented };
}

describe('pastePlainText (001 §2.17 "Pasting inserts plain text only")', () => {
  it('inserts the plain text of a rich clipboard at the cursor and ignores its HTML', () => {
    const e = editorWith('<p>Hello world</p>', 7);
    const { event, prevented } = clipboardEvent({
      'text/html': '<b style="color:red">big</b> <a href="javascript:x">link</a>',
      'text/plain': 'big link ',
    });
    expect(pastePlainText(e.view, event)).toBe(true);
    expect(prevented()).toBe(true);
    expect(e.getHTML()).toBe('<p>Hello big link world</p>');
  });

  it('splits lines into paragraphs joined to the text around the cursor', () => {
    const e = editorWith('<p>Before after</p>', 8);
    const { event } = clipboardEvent({ 'text/plain': 'one\r\ntwo\nthree ' });
    pastePlainText(e.view, event);
    expect(e.getHTML()).toBe('<p>Before one</p><p>two</p><p>three after</p>');
  });

  it('does nothing for an empty clipboard but still stops the default paste', () => {
    const e = editorWith('<p>Same</p>', 2);
    const { event, prevented } = clipboardEvent({ 'text/html': '<img src=x onerror=alert(1)>' });
    expect(pastePlainText(e.view, event)).toBe(true);
    expect(prevented()).toBe(true);
    expect(e.getHTML()).toBe('<p>Same</p>');
  });
});

describe('pastedHtmlToPlainHtml', () => {
  it('keeps only the text, one paragraph per block or line break, escaped', () => {
    expect(
      pastedHtmlToPlainHtml(
        '<h1 style="color:red">Title</h1><div><b>Bold</b> &lt;tag&gt; <a href="x">link</a><br>next</div><script>alert(1)</script><ul><li>item</li></ul>',
      ),
    ).toBe('<p>Title</p><p>Bold &lt;tag&gt; link</p><p>next</p><p>item</p>');
  });
});
