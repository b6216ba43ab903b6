import { onTestFinished, vi } from 'vitest';

// jsdom plays no media and has no object URLs: the tests stand them in, and put things back when the test ends.

/** URL.createObjectURL answers 'blob:1', 'blob:2'…; revokeObjectURL is recorded. */
export function stubObjectUrls() {
  let n = 0;
  const create = vi.fn((_blob: Blob) => `blob:${++n}`);
  const revoke = vi.fn((_url: string) => {});
  const target = URL as unknown as Record<string, unknown>;
  const before = { create: target.createObjectURL, revoke: target.revokeObjectURL };
  target.createObjectURL = create;
  target.revokeObjectURL = revoke;
  onTestFinished(() => {
    target.createObjectURL = before.create;
    target.revokeObjectURL = before.revoke;
  });
  return { create, revoke };
}

/** play() resolves and flips `paused`, pause() flips it back, as a browser would (without sound). */
export function stubMediaPlayback() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
  });
  onTestFinished(() => {
    play.mockRestore();
    pause.mockRestore();
  });
  return { play, pause };
}
