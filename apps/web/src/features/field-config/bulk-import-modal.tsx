import { Alert, Button, Code, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { CUSTOM_FIELD_MESSAGES, parseBulkFieldsJson } from '@trust/domain';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../api/errors.ts';
import { useBulkCreateCustomFields } from '../../api/members/custom-fields.ts';

const EXAMPLE = `[
  { "name": "housing_status", "type": "str", "friendly_name": "Housing status", "category": "Housing" },
  { "name": "household_size", "type": "int", "friendly_name": "Household size", "category": "Housing", "mandatory": true }
]`;

/** Bulk Import (002 §2, §5): a JSON array of field definitions, created all or none; the count created is shown. */
export function BulkImportModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (message: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkCreateCustomFields();
  useEffect(() => {
    if (opened) {
      setText('');
      setError(null);
    }
  }, [opened]);

  const submit = () => {
    const parsed = parseBulkFieldsJson(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    bulk.mutate(parsed.fields, {
      onSuccess: (result) => {
        onCreated(result.message);
        onClose();
      },
      onError: (e) => {
        const fields = e instanceof ApiError ? e.fields : undefined;
        const first = fields ? Object.entries(fields)[0] : undefined;
        // "1.name": the second definition's name (the server numbers them from 0).
        const where = first?.[0].match(/^(\d+)\.(.+)$/);
        setError(
          where && first
            ? `Field ${Number(where[1]) + 1} (${where[2]}): ${first[1]}`
            : errorText(e, CUSTOM_FIELD_MESSAGES.createFailed),
        );
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Bulk Import Custom Fields" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          Paste a JSON array of fields. Each needs <Code>name</Code>, <Code>type</Code> (str, int, bool, date,
          datetime, time, fixed_date) and <Code>friendly_name</Code>; <Code>category</Code>,{' '}
          <Code>default_value</Code>, <Code>mandatory</Code>, <Code>str_len</Code>, <Code>nullable</Code> and{' '}
          <Code>hidden</Code> are optional. All are created, or none.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Textarea
          label="Fields (JSON)"
          rows={10}
          placeholder={EXAMPLE}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setText(EXAMPLE)}>
            Insert example
          </Button>
          <Group>
            <Button variant="default" onClick={onClose} disabled={bulk.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={bulk.isPending} disabled={text.trim() === ''}>
              Import Fields
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
