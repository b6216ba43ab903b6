import { describe, expect, it } from 'vitest';
import { isNoteEdited, noteAuthor, noteRelativeTime } from './case-notes.ts';

describe('noteRelativeTime (001 §9)', () => {
  const now = new Date('2026-05-20T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [30_000, 'Just now'],
    [60_000, '1 min ago'],
    [59 * 60_000, '59 min ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3600_000, '23h ago'],
    [24 * 3600_000, '1d ago'],
    [7 * 86_400_000, '7d ago'],
  ])('%i ms ago is %s', (ms, label) => {
    expect(noteRelativeTime(ago(ms), now)).toBe(label);
  });
  it('shows the date after a week', () => {
    const at = ago(8 * 86_400_000);
    expect(noteRelativeTime(at, now)).toBe(at.toLocaleDateString());
  });
});

describe('noteAuthor (001 §2.17)', () => {
  it("falls back to 'Unknown User'", () => {
    expect(noteAuthor(null)).toBe('Unknown User');
    expect(noteAuthor('  ')).toBe('Unknown User');
    expect(noteAuthor('Casey Coordinator')).toBe('Casey Coordinator');
  });
});

describe('isNoteEdited', () => {
  it('is true only when the note changed after it was written', () => {
    const created_at = '2026-05-20T12:00:00.000Z';
    expect(isNoteEdited({ created_at, updated_at: created_at })).toBe(false);
    expect(isNoteEdited({ created_at, updated_at: '2026-05-20T12:05:00.000Z' })).toBe(true);
  });
});
