import { Group, Progress, Text } from '@mantine/core';
import { passwordStrength } from '@trust/domain';

const COLORS = { Weak: 'red', Fair: 'yellow', Good: 'teal', Strong: 'green' } as const;

/** 003 §5 password strength: 0–5 points, labelled Weak, Fair, Good or Strong. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  return (
    <div>
      <Progress
        value={(score / 5) * 100}
        color={COLORS[label]}
        size="sm"
        aria-label="Password strength"
        aria-valuetext={`${label} (${score} of 5)`}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text size="xs" fw={600} c={COLORS[label]} data-testid="password-strength">
          {label}
        </Text>
      </Group>
    </div>
  );
}
