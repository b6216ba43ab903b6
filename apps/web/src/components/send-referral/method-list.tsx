import { Badge, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconStar } from '@tabler/icons-react';
import {
  type CommunicationMethod,
  isFallbackMethodId,
  methodLabel,
  PRIORITY_BASE,
  priorityColor,
} from '@trust/domain';

// 001 §2.2 Communication method selector: each row shows the method's type, contact, notes, verified state,
// preferred flag, success and failure counts, success rate and its priority, coloured by 001 §9. Stored methods
// can be verified and preferred; directory fallbacks (negative ids) cannot (001 §2.1).

/** Channels a referral can be sent through today (the others have no adapter yet: the server refuses them). */
export const SENDABLE_METHOD_TYPES = ['phone', 'email', 'web_form'] as const;

/** 'Opted out (STOP)': the number answered STOP, so no SMS goes to it until it texts START (issue #6). */
export const OPTED_OUT_LABEL = 'Opted out (STOP)';

/**
 * Whether a phone method's number opted out of SMS. Read defensively: `opted_out` is a newer field of the
 * method's wire shape, absent from older answers (then it has not opted out).
 */
export function isOptedOut(method: Pick<CommunicationMethod, 'method_type'>): boolean {
  return method.method_type === 'phone' && (method as { opted_out?: unknown }).opted_out === true;
}

export function isSendable(method: Pick<CommunicationMethod, 'method_type'>): boolean {
  return (SENDABLE_METHOD_TYPES as readonly string[]).includes(method.method_type) && !isOptedOut(method);
}

/** Why a method cannot be sent through, for its row; null when it can. */
export function unsendableReason(method: Pick<CommunicationMethod, 'method_type'>): string | null {
  if (isOptedOut(method)) return OPTED_OUT_LABEL;
  return isSendable(method) ? null : 'Not available for sending yet';
}

/** The Mantine colour of a priority (001 §9: 90+ green, 70+ blue, 50+ yellow, else grey). */
export function priorityBadgeColor(priority: number): string {
  return priorityColor(priority);
}

export function methodOptionLabel(m: CommunicationMethod): string {
  return `${methodLabel(m.method_type)}: ${m.contact_value}`;
}

export function MethodList({
  methods,
  selectedId,
  onSelect,
  onVerify,
  onPrefer,
  busy = false,
}: {
  methods: CommunicationMethod[];
  selectedId: number | null;
  onSelect: (method: CommunicationMethod) => void;
  onVerify?: (method: CommunicationMethod) => void;
  onPrefer?: (method: CommunicationMethod) => void;
  busy?: boolean;
}) {
  return (
    <Radio.Group
      value={selectedId === null ? null : String(selectedId)}
      onChange={(value) => {
        const method = methods.find((m) => String(m.id) === value);
        if (method) onSelect(method);
      }}
      label="Communication methods"
    >
      <Stack gap="xs" mt="xs">
        {methods.map((m) => {
          const fallback = isFallbackMethodId(m.id);
          return (
            <Paper key={m.id} withBorder p="sm" data-testid={`method-${m.id}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Radio value={String(m.id)} label={methodOptionLabel(m)} />
                <Badge color={priorityBadgeColor(m.priority)} variant="light" title="Priority">
                  Priority {m.priority}
                </Badge>
              </Group>
              <Group gap="xs" mt={4} ml={28}>
                {m.verified ? (
                  <Badge color="green" variant="outline" leftSection={<IconCircleCheck size={12} />}>
                    Verified
                  </Badge>
                ) : (
                  <Badge color="gray" variant="outline">
                    Unverified
                  </Badge>
                )}
                {m.is_preferred && (
                  <Badge color="yellow" variant="outline" leftSection={<IconStar size={12} />}>
                    Preferred
                  </Badge>
                )}
                {isOptedOut(m) && (
                  <Badge color="red" variant="light">
                    {OPTED_OUT_LABEL}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {m.success_count} sent · {m.failure_count} failed · {m.success_rate}% success
                </Text>
              </Group>
              {m.notes && (
                <Text size="xs" c="dimmed" ml={28} mt={2}>
                  {m.notes}
                </Text>
              )}
              {!fallback && (onVerify || onPrefer) && (
                <Group gap="xs" ml={28} mt={6}>
                  {onVerify && !m.verified && (
                    <Button size="compact-xs" variant="light" disabled={busy} onClick={() => onVerify(m)}>
                      Verify
                    </Button>
                  )}
                  {onPrefer && !m.is_preferred && (
                    <Button size="compact-xs" variant="light" disabled={busy} onClick={() => onPrefer(m)}>
                      Set as preferred
                    </Button>
                  )}
                </Group>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/** 001 §2.1 'Smart Priority Ranking': how the order above is computed (001 §9). */
export function PriorityExplanation() {
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
      <Text fw={600} size="sm">
        Smart Priority Ranking
      </Text>
      <Text size="xs" c="dimmed">
        Methods are ranked by type (web form {PRIORITY_BASE.web_form}, portal {PRIORITY_BASE.portal}, email{' '}
        {PRIORITY_BASE.email}, fax {PRIORITY_BASE.fax}, phone {PRIORITY_BASE.phone}), plus 20 when verified,
        up to 30 for their success rate, 10 when used in the last 30 days (5 in the last 90) and 5 for the
        provider's preferred method. The server recalculates the priority after every send.
      </Text>
    </Paper>
  );
}
