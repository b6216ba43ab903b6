import type { SmsIntent } from './sms-wire.ts';

// The intent of an inbound SMS (001 §2.12 badges). Written by the SMS work of issue #6.

export function classifySmsIntent(_body: string): SmsIntent {
  return 'other';
}
