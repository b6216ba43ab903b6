import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { IconPilcrow, IconTextIncrease } from '@tabler/icons-react';
import TextAlign from '@tiptap/extension-text-align';
import { type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { pastedHtmlToPlainHtml, pastePlainText } from './paste-plain-text.ts';

/**
 * 001 §9 "Rich-text editor formats: bold, italic, underline, bullet and numbered lists, alignment, large and
 * normal text size" and nothing else: every other StarterKit node and mark is off, so the editor never makes
 * markup the server would strip (large text is a level-3 heading).
 */
export const NOTE_EDITOR_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
    trailingNode: false,
  }),
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
];

/** The note's plain text as the server stores it: one line per paragraph, heading or list item. */
export function editorText(editor: Editor | null): string {
  return editor ? editor.getText({ blockSeparator: '\n' }).trim() : '';
}

/**
 * A note editor and its current plain text (for "disabled while blank"). `label` names the editable area for
 * assistive technology.
 */
export function useNoteEditor({ content = '', label }: { content?: string; label: string }) {
  const [text, setText] = useState('');
  const editor = useEditor({
    extensions: NOTE_EDITOR_EXTENSIONS,
    content,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      // 001 §2.17: pasting inserts plain text only.
      handlePaste: (view, event) => pastePlainText(view, event),
      transformPastedHTML: pastedHtmlToPlainHtml,
    },
    onCreate: ({ editor: created }) => setText(editorText(created)),
    onUpdate: ({ editor: updated }) => setText(editorText(updated)),
  });
  return { editor, text };
}

/** 001 §9 "large and normal text size": a level-3 heading, or back to a paragraph. */
function TextSizeControls({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      large: e && !e.isDestroyed ? e.isActive('heading', { level: 3 }) : false,
      normal: e && !e.isDestroyed ? e.isActive('paragraph') : false,
    }),
  });
  return (
    <RichTextEditor.ControlsGroup>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().setHeading({ level: 3 }).run()}
        active={state?.large ?? false}
        aria-label="Large text"
        title="Large text"
      >
        <IconTextIncrease size={16} stroke={1.5} />
      </RichTextEditor.Control>
      <RichTextEditor.Control
        onClick={() => editor?.chain().focus().setParagraph().run()}
        active={state?.normal ?? false}
        aria-label="Normal text"
        title="Normal text"
      >
        <IconPilcrow size={16} stroke={1.5} />
      </RichTextEditor.Control>
    </RichTextEditor.ControlsGroup>
  );
}

/** The toolbar of 001 §2.17 over the editable area. */
export function NoteEditor({ editor, minHeight = 120 }: { editor: Editor | null; minHeight?: number }) {
  return (
    <RichTextEditor
      editor={editor}
      labels={{ orderedListControlLabel: 'Numbered list', bulletListControlLabel: 'Bullet list' }}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
        </RichTextEditor.ControlsGroup>
        <TextSizeControls editor={editor} />
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={minHeight} />
    </RichTextEditor>
  );
}
