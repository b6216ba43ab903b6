import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ExtractedFieldEntry, type ExtractedFieldValue, VOICE_INTAKE_MESSAGES } from '@trust/domain';
import { FIELD_LABELS } from '../form-values.ts';

const VOICE_LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  housing_subcategories: 'Housing Subcategories',
  transportation_subcategories: 'Transportation Subcategories',
  timeline: 'Timeline',
};

export function fieldLabel(field: string): string {
  return VOICE_LABELS[field] ?? field;
}

/** A value as people read it: lists joined, yes/no for booleans. */
export function displayValue(value: ExtractedFieldValue): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** 000 §2.2 "Extracted Information" with confidence badges, and "Submit Referral Now". */
export function ExtractedList({
  extracted,
  onSubmitNow,
  disabled,
}: {
  extracted: Record<string, ExtractedFieldEntry>;
  onSubmitNow: () => void;
  disabled?: boolean;
}) {
  const entries = Object.values(extracted);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5" id="voice-extracted-title">
          {VOICE_INTAKE_MESSAGES.extractedTitle}
        </Title>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet. What you say is listed here as it is recognised.
          </Text>
        ) : (
          <Stack component="ul" gap={6} aria-labelledby="voice-extracted-title" m={0} p={0}>
            {entries.map((entry) => (
              <Group
                component="li"
                key={entry.field}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                style={{ listStyle: 'none' }}
                data-testid={`extracted-${entry.field}`}
              >
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {fieldLabel(entry.field)}:
                  </Text>{' '}
                  {displayValue(entry.value)}
                </Text>
                <Badge color={entry.confidence === 'high' ? 'green' : 'yellow'} variant="light">
                  {entry.confidence}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
        <Button onClick={onSubmitNow} disabled={disabled || entries.length === 0}>
          {VOICE_INTAKE_MESSAGES.submitNow}
        </Button>
      </Stack>
    </Paper>
  );
}
