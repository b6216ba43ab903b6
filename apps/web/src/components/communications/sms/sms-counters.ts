import { SMS_SEGMENT_LENGTH, SMS_SEGMENT_WARNING_ABOVE, smsSegments } from '@trust/domain';

export type SmsCounters = {
  length: number;
  /** 001 §5: ceil(length / 160). */
  segments: number;
  /** Characters left before the message takes one more segment. */
  remaining: number;
  /** 001 §2.12 'Long message warning' above 3 segments. */
  long: boolean;
  /** 001 §2.12: above 160 characters the count turns orange (extra charges). */
  overOneSegment: boolean;
};

export function smsCounters(text: string): SmsCounters {
  const length = text.length;
  const segments = smsSegments(text);
  return {
    length,
    segments,
    remaining: Math.max(segments, 1) * SMS_SEGMENT_LENGTH - length,
    long: segments > SMS_SEGMENT_WARNING_ABOVE,
    overOneSegment: length > SMS_SEGMENT_LENGTH,
  };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
