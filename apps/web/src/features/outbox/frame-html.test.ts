import { describe, expect, it } from 'vitest';
import { emailFrameDocument } from './frame-html.ts';

describe('the outbox frame of an HTML email', () => {
  it('keeps its own strict policy first, and leaves remote images (a tracking pixel) without a source', () => {
    const doc = emailFrameDocument(
      '<style>p{color:red}</style><p>Hi <img src="https://tracker.example/open.gif" alt="">' +
        '<img srcset="https://cdn.example/a.png 2x" alt="x"><img src="data:image/png;base64,AAAA" alt="inline"></p>',
    );
    expect(doc.startsWith('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';')).toBe(
      true,
    );
    expect(doc).toContain('<base target="_blank">');
    expect(doc).not.toContain('tracker.example');
    expect(doc).not.toContain('cdn.example');
    expect(doc).toContain('src="data:image/png;base64,AAAA"');
    expect(doc).toContain('<style>p{color:red}</style>');
  });
});
