import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { FORM_MESSAGES, type FormCondition, type FormField, type FormSection } from '@trust/domain';
import { type FormEvent, useState } from 'react';
import { ConditionInput } from './condition-input.tsx';

/**
 * The section modal of the template editor (002 §2): a title (required, 002 §5), a description, whether it
 * collapses and starts collapsed, and the condition it shows on. Mounted afresh for each section it edits.
 */
export function SectionModal({
  section,
  isNew,
  sources,
  onSave,
  onClose,
}: {
  /** The section edited, or a new one (its id already made by the editor). */
  section: FormSection;
  isNew: boolean;
  /** The fields the section's condition can name: those of the other sections. */
  sources: readonly FormField[];
  onSave: (section: FormSection) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(section.title);
  const [description, setDescription] = useState(section.description ?? '');
  const [collapsible, setCollapsible] = useState(section.collapsible !== false);
  const [collapsed, setCollapsed] = useState(section.collapsed_by_default === true);
  const [condition, setCondition] = useState<FormCondition | null>(section.conditional_logic ?? null);
  const [titleError, setTitleError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError(FORM_MESSAGES.sectionTitleRequired);
      return;
    }
    const next: FormSection = {
      ...section,
      title: title.trim(),
      collapsible,
      collapsed_by_default: collapsible && collapsed,
      conditional_logic: condition,
    };
    if (description.trim()) next.description = description.trim();
    else delete next.description;
    onSave(next);
  };

  return (
    <Modal opened onClose={onClose} title={isNew ? 'Add Section' : 'Edit Section'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Section title"
            withAsterisk
            aria-required
            value={title}
            error={titleError}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setTitleError(null);
            }}
            data-autofocus
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Checkbox
            label="Collapsible"
            checked={collapsible}
            onChange={(e) => setCollapsible(e.currentTarget.checked)}
          />
          <Checkbox
            label="Collapsed by default"
            checked={collapsible && collapsed}
            disabled={!collapsible}
            onChange={(e) => setCollapsed(e.currentTarget.checked)}
          />
          <ConditionInput subject="section" sources={sources} value={condition} onChange={setCondition} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save Section</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
