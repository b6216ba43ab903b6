import { Anchor, Box, Stack, Text } from '@mantine/core';
import { EMAIL_COLLAPSE_THRESHOLD, type Email } from '@trust/domain';
import { useState } from 'react';
import { purifyEmailHtml } from './email-html.ts';

/**
 * 001 §2.13 body: HTML (sanitised again here) or text; above 200 characters it shows the first 200 and
 * 'Show more' / 'Show less'.
 */
export function EmailBody({ email }: { email: Pick<Email, 'body_html' | 'body_text'> }) {
  const [expanded, setExpanded] = useState(false);
  const text = email.body_text ?? '';
  const long = text.length > EMAIL_COLLAPSE_THRESHOLD;
  const collapsed = long && !expanded;

  return (
    <Stack gap={4}>
      {collapsed ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {`${text.slice(0, EMAIL_COLLAPSE_THRESHOLD).trimEnd()}…`}
        </Text>
      ) : email.body_html ? (
        <Box
          fz="sm"
          style={{ overflowWrap: 'anywhere' }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify
          dangerouslySetInnerHTML={{ __html: purifyEmailHtml(email.body_html) }}
        />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Text>
      )}
      {long && (
        <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show less' : 'Show more'}
        </Anchor>
      )}
    </Stack>
  );
}
