import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { PROVIDER_VERIFICATION_MESSAGES, type UnverifiedProvider } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useUnverifiedProviders } from '../../api/provider-verification/get-unverified-providers.ts';
import { useVerifyProvider } from '../../api/provider-verification/verify-provider.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { formatAddress } from '../../components/provider/directions-url.ts';

const PAGE_SIZE = 20;

function addedLine(p: UnverifiedProvider): string {
  const who = p.added_by_name
    ? `${p.added_by_name}${p.added_by_email ? ` (${p.added_by_email})` : ''}`
    : null;
  const parts = [
    who ? `Added by ${who}` : 'Added',
    p.owner_organization_name ? `for ${p.owner_organization_name}` : null,
    `on ${formatDateTime(p.added_at)}`,
  ];
  return parts.filter(Boolean).join(' ');
}

function UnverifiedCard({ provider: p, onVerify }: { provider: UnverifiedProvider; onVerify: () => void }) {
  const address = formatAddress(p);
  const website = p.web_form_url ?? p.website;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={p.organization_name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {p.organization_name}
            </Title>
            <Group gap={6}>
              <Badge variant="outline" size="sm" tt="none">
                {p.organization_type}
              </Badge>
              {/* Dark text on the pale orange: Mantine's orange on its light tint is below 4.5:1. */}
              <Badge color="orange" c="dark.6" variant="light" size="sm" tt="none">
                Awaiting verification
              </Badge>
            </Group>
          </Stack>
          <Button
            size="xs"
            leftSection={<IconShieldCheck size={14} />}
            onClick={onVerify}
            aria-label={`Verify ${p.organization_name}`}
            style={{ flexShrink: 0 }}
          >
            Verify
          </Button>
        </Group>
        {address && (
          <Text size="sm" c="dimmed">
            {address}
          </Text>
        )}
        <Stack gap={2}>
          {p.primary_phone && <Text size="sm">Phone: {p.primary_phone}</Text>}
          {p.primary_email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Email: {p.primary_email}
            </Text>
          )}
          {website && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {/* Not vetted yet: opened by the operator's own choice, without the app's referrer or rank. */}
              Website:{' '}
              <Anchor href={website} target="_blank" rel="noopener noreferrer nofollow">
                {website}
              </Anchor>
            </Text>
          )}
          {p.services.length > 0 && <Text size="sm">Services: {p.services.join(', ')}</Text>}
        </Stack>
        <Text size="xs" c="dimmed">
          {addedLine(p)}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Issue #12 "Providers added by hand stay private": platform operators review the providers organizations
 * typed in and verify them, after which they join the public directory and every organization's matching. The
 * server lets only platform operators list and verify; this screen shows its answer.
 */
export function ProviderVerificationPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [confirming, setConfirming] = useState<UnverifiedProvider | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useUnverifiedProviders({ page, page_size: PAGE_SIZE, search: debounced });
  const verify = useVerifyProvider();

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  const confirm = () => {
    const target = confirming;
    if (!target) return;
    verify.mutate(target.id, {
      // Success as a toast (seen wherever the list was scrolled to); a refusal stays on the page until dismissed.
      onSuccess: (answer) => {
        setConfirming(null);
        setFailure(null);
        notifications.show({
          color: 'teal',
          icon: <IconCircleCheck size={18} />,
          message: answer.message,
        });
      },
      onError: (error) => {
        setConfirming(null);
        setFailure(errorText(error, PROVIDER_VERIFICATION_MESSAGES.verifyFailed));
      },
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Provider Verification</Title>
        <Text size="sm" c="dimmed">
          Providers that organizations added by hand. Each stays private to the organization that added it
          (its My Providers and its own matching), and its web form is never used, until you verify it.
        </Text>
      </div>

      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search providers awaiting verification"
          placeholder="Name, city, ZIP, service or organization"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 260px' }}
        />
        {list.data && (
          <Text size="sm" c="dimmed" role="status">
            {list.data.total === 1
              ? '1 provider awaiting verification'
              : `${list.data.total} providers awaiting verification`}
          </Text>
        )}
      </Group>

      {failure && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
        >
          {failure}
        </Alert>
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading providers awaiting verification" />
        </Center>
      ) : list.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(list.error, 'Failed to load the providers awaiting verification')}
        </Alert>
      ) : list.data.providers.length === 0 ? (
        <Text c="dimmed">
          {debounced ? 'No providers found' : PROVIDER_VERIFICATION_MESSAGES.noneWaiting}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {list.data.providers.map((p) => (
              <UnverifiedCard key={p.id} provider={p} onVerify={() => setConfirming(p)} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
            </Group>
          )}
        </>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title="Verify provider"
        message={
          confirming
            ? PROVIDER_VERIFICATION_MESSAGES.confirm(
                confirming.organization_name,
                confirming.owner_organization_name,
              )
            : ''
        }
        confirmLabel="Verify"
        busy={verify.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
