import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// Only http(s) links become anchors: a message body is untrusted text, so no other scheme (javascript:, data:)
// is ever made clickable, and nothing is rendered as HTML.
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const url = match[0].replace(TRAILING, '');
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <Anchor key={`${start}-${url}`} href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </Anchor>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A message body as text, line breaks kept, links clickable. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkify(text)}
    </Text>
  );
}
