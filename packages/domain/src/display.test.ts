import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  formatFileSize,
  relativeAge,
  statusColor,
  urgencyColor,
  urgencyLabel,
} from './display.ts';

describe('000 §4.1 and §9 display rules', () => {
  it('colours statuses and urgencies', () => {
    expect(statusColor('pending')).toBe('orange');
    expect(statusColor('Matched')).toBe('blue');
    expect(statusColor('authorized')).toBe('blue');
    expect(statusColor('in_progress')).toBe('grape');
    expect(statusColor('COMPLETED')).toBe('green');
    expect(statusColor('on_hold')).toBe('gray');
    expect(urgencyColor('Emergency')).toBe('red');
    expect(urgencyColor('Immediate')).toBe('red');
    expect(urgencyColor('Urgent')).toBe('orange');
    expect(urgencyColor('Within 1 Week')).toBe('yellow');
    expect(urgencyColor('Routine')).toBe('green');
    expect(urgencyLabel('Urgent')).toBe('Within 24h');
    // Issue #14: a chosen level is shown as it is.
    expect(urgencyLabel('Within 1 Week')).toBe('Within 1 Week');
    expect(urgencyLabel('Within 24h')).toBe('Within 24h');
  });

  it('ages, sizes and days left', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(relativeAge('2026-05-10T11:59:31Z', now)).toBe('Just now');
    expect(relativeAge('2026-05-10T11:15:00Z', now)).toBe('45 min ago');
    expect(relativeAge('2026-05-10T02:00:00Z', now)).toBe('10h ago');
    expect(relativeAge('2026-05-07T12:00:00Z', now)).toBe('3d ago');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(daysUntil('2026-05-12T13:00:00Z', now)).toBe(3);
    expect(daysUntil('2026-05-17T12:00:00Z', now)).toBe(7);
  });
});
