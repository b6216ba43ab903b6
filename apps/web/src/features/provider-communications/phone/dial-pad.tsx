import { ActionIcon, Button, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBackspace, IconPhone } from '@tabler/icons-react';
import { DIAL_INPUT_MAX_LENGTH, VOICE_MESSAGES } from '@trust/domain';
import { useId, useState } from 'react';
import { appendDialChar, canDial, cleanDialInput, dialTarget, formatDialInput } from './dial-number.ts';

const KEYS = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
] as const;

/**
 * 001 §2.14 standalone dial pad: 'Dial any number', keys 1–9 * 0 #, at most 15 characters, the input's
 * maxLength 14, shown as (XXX) XXX-XXXX, Call enabled only with at least 10 digits.
 */
export function DialPad({ onCall, calling }: { onCall: (toNumber: string) => void; calling: boolean }) {
  const [entered, setEntered] = useState('');
  const hintId = useId();
  const ready = canDial(entered);

  return (
    <Stack gap="sm" align="stretch">
      <TextInput
        label={VOICE_MESSAGES.dialAny}
        value={formatDialInput(entered)}
        onChange={(e) => setEntered(cleanDialInput(e.currentTarget.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && ready && !calling) onCall(dialTarget(entered));
        }}
        maxLength={DIAL_INPUT_MAX_LENGTH}
        inputMode="tel"
        autoComplete="tel"
        placeholder="(555) 555-5555"
        size="lg"
        styles={{ input: { textAlign: 'center', letterSpacing: 1 } }}
        rightSection={
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Backspace"
            disabled={entered === ''}
            onClick={() => setEntered((v) => v.slice(0, -1))}
          >
            <IconBackspace size={20} />
          </ActionIcon>
        }
      />
      <SimpleGrid cols={3} spacing="xs" role="group" aria-label="Keypad">
        {KEYS.map(([key, letters]) => (
          <UnstyledButton
            key={key}
            aria-label={key}
            onClick={() => setEntered((v) => appendDialChar(v, key))}
            style={{
              borderRadius: 999,
              height: 56,
              background: 'var(--mantine-color-gray-1)',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Text fw={600} size="xl" lh={1}>
              {key}
            </Text>
            <Text size="9px" c="dimmed" lh={1.2} aria-hidden>
              {letters || '\u00a0'}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Button
        color="green"
        radius="xl"
        size="md"
        leftSection={<IconPhone size={18} />}
        disabled={!ready}
        loading={calling}
        aria-describedby={ready ? undefined : hintId}
        onClick={() => onCall(dialTarget(entered))}
      >
        Call
      </Button>
      {!ready && (
        <Text id={hintId} size="xs" c="dimmed" ta="center">
          {VOICE_MESSAGES.dialHint}
        </Text>
      )}
    </Stack>
  );
}
