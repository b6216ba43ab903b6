import { notifications } from '@mantine/notifications';
import { errorText } from '../../api/errors.ts';

/** A row action that failed (delete, complete, download) is reported by a notice: it has no form to show it in. */
export function notifyFailure(error: unknown, fallback: string): void {
  notifications.show({ color: 'red', message: errorText(error, fallback) });
}
