import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@trust/domain';
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors.ts';

/** A refusal of the server (4xx with a reason), as opposed to a server that could not be reached or failed. */
function refusal(error: unknown): string | null {
  return error instanceof ApiError && !error.isNetworkError && error.status < 500 ? error.detail : null;
}

/** The server answered with a refusal (4xx), whether or not it gave a reason. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && !error.isNetworkError && error.status < 500;
}

/** The server could not be reached at all (fetch threw). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError ? error.isNetworkError : true;
}

/** The load error of 000 §8: "Unable to connect to the backend server.", or the server's reason for refusing. */
export function loadErrorText(error: unknown): string {
  return refusal(error) ?? MESSAGES.connectionError;
}

export interface LoadErrorAlertProps {
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded ("referrals"): the title reads "Could not load referrals". */
  what?: string;
  /** A title of the screen's own instead (null: none). Without `what` or `title` the alert has no title. */
  title?: string | null;
  /** The text instead of the default (the server's reason, or the connection text); null: no text. */
  message?: string | null;
  /** The Retry button's words, where a screen already says it otherwise ("Try again"). */
  retryLabel?: string;
  /** Retry is under way (the button spins). */
  retrying?: boolean;
  /**
   * One line, no title: a refresh that failed while the list it refreshes is still shown (the queue, Member
   * Profiles, the live feed).
   */
  compact?: boolean;
  /** Further actions beside Retry ("Go Back"). */
  children?: ReactNode;
}

/**
 * The one alert for something that could not be loaded (000 §8): why, and a Retry that asks again. Every list,
 * table and screen uses it, so a failed load looks and reads the same everywhere.
 *
 * Default title: "Connection Error" when the server could not be reached or the text is the connection text,
 * else "Could not load {what}". Default text: the server's reason for a refusal, else the connection text.
 */
export function LoadErrorAlert({
  error,
  onRetry,
  what,
  title,
  message,
  retryLabel = 'Retry',
  retrying = false,
  compact = false,
  children,
}: LoadErrorAlertProps) {
  const text = message === undefined ? loadErrorText(error) : message;

  if (compact) {
    return (
      <Alert color="red" role="alert">
        {text}{' '}
        <Button size="compact-xs" variant="subtle" color="red" loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
        {children}
      </Alert>
    );
  }

  const connection = isUnreachable(error) || text === MESSAGES.connectionError;
  const heading =
    title !== undefined
      ? title
      : what !== undefined
        ? connection
          ? 'Connection Error'
          : `Could not load ${what}`
        : null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={heading ?? undefined}>
      <Stack gap="xs" align="flex-start">
        {text && <Text size="sm">{text}</Text>}
        <Group gap="xs">
          <Button size="xs" variant="light" color="red" loading={retrying} onClick={onRetry}>
            {retryLabel}
          </Button>
          {children}
        </Group>
      </Stack>
    </Alert>
  );
}
