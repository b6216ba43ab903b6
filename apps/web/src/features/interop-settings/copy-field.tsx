import { ActionIcon, CopyButton, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { INTEROP_TEXT as T } from '@trust/domain/interop-settings';

/**
 * A value another system needs (a URL, a client id, a secret) in a read-only input with a copy button. The input
 * keeps it selectable by hand where the browser refuses the clipboard (a page served over plain http).
 */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      onFocus={(e) => e.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={<CopyAction what={label} value={value} />}
    />
  );
}

function CopyAction({ what, value }: { what: string; value: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <>
          <Tooltip label={copied ? T.copied : T.copy} withArrow position="left">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={T.copyLabel(what)}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          {/* The tooltip shows only on hover: a screen reader hears the copy here. */}
          <VisuallyHidden role="status">{copied ? T.copied : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
