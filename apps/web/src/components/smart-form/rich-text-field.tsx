import { Box, Input } from '@mantine/core';
import type { FormField } from '@trust/domain';
import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { NoteEditor, useNoteEditor } from '../case-notes/note-editor.tsx';
import { purifyNoteHtml } from '../case-notes/note-html.ts';

/**
 * Formatted text (002 §9 rich_text): the app's note editor (the same formats the server's sanitiser keeps), the
 * answer its HTML. Read-only, the stored HTML is shown, sanitised again before it is rendered.
 */
export function RichTextField({
  field,
  description,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: FormField;
  description: ReactNode;
  value: string;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      label={field.label}
      labelElement="div"
      id={id}
      withAsterisk={field.required}
      description={description}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <Box mt={4} aria-describedby={error ? `${id}-error` : undefined}>
        {readOnly ? (
          <ShownHtml html={value} label={field.label} />
        ) : (
          <Editor label={field.label} value={value} onChange={onChange} />
        )}
      </Box>
    </Input.Wrapper>
  );
}

function ShownHtml({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => purifyNoteHtml(html), [html]);
  return (
    <Box
      aria-label={label}
      role="document"
      p="xs"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, minHeight: 40 }}
      // Sanitised just above with the server's allowlist.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised markup of the note editor
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

function Editor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: unknown) => void;
}) {
  const { editor } = useNoteEditor({ content: value, label });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The HTML the editor last reported, so an answer loaded from elsewhere (another person's save) replaces the
  // content but the editor's own changes do not reset it under the cursor.
  const reported = useRef(value);

  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const html = editor.isEmpty ? '' : editor.getHTML();
      reported.current = html;
      onChangeRef.current(html);
    };
    editor.on('update', update);
    return () => {
      editor.off('update', update);
    };
  }, [editor]);

  useEffect(() => {
    if (!editor || editor.isDestroyed || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return <NoteEditor editor={editor} minHeight={100} />;
}
