import { Code, List, Text } from '@mantine/core';
import { INTEROP_TEXT as T } from '@trust/domain/interop-settings';
import { CopyField } from './copy-field.tsx';

/** The directory as Open Referral HSDS 3.0: open like the public directory, so there is nothing to manage. */
export function HsdsSection({ base }: { base: string }) {
  return (
    <>
      <CopyField label={T.hsdsEndpoint} value={`${base}/hsds/`} testId="hsds-endpoint" />
      <Text size="sm">{T.hsdsOpen}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{T.hsdsPaging}</List.Item>
        <List.Item>{T.hsdsFilters}</List.Item>
        <List.Item>
          <Code style={{ wordBreak: 'break-all' }}>GET {base}/hsds/services?page=1&amp;per_page=20</Code>
        </List.Item>
      </List>
    </>
  );
}
