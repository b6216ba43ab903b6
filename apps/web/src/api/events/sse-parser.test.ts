import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser.ts';

function collect() {
  const messages: SseMessage[] = [];
  return { messages, feed: createSseParser((m) => messages.push(m)) };
}

describe('createSseParser', () => {
  it('parses frames split across chunks, with ids, event names and comments', () => {
    const { messages, feed } = collect();
    feed(': ping\n\nid: 1\nevent: referral');
    feed('.created\ndata: {"a":');
    feed('1}\n\n');
    expect(messages).toEqual([{ id: '1', event: 'referral.created', data: '{"a":1}', retry: null }]);
  });

  it('joins multi-line data, handles CRLF split between chunks and keeps the last id', () => {
    const { messages, feed } = collect();
    feed('id: 7\r');
    feed('\ndata: one\r\ndata: two\r\n\r\ndata: three\n\n');
    expect(messages.map((m) => [m.id, m.data, m.event])).toEqual([
      ['7', 'one\ntwo', 'message'],
      ['7', 'three', 'message'],
    ]);
  });

  it('reads retry and ignores frames without data', () => {
    const { messages, feed } = collect();
    feed('retry: 5000\n\nretry: 3000\ndata: x\n\n');
    expect(messages).toEqual([{ id: null, event: 'message', data: 'x', retry: 3000 }]);
  });
});
