import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMapPin, IconMessage, IconPlus, IconSearch, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { PROVIDER_MESSAGES, type SavedProvider } from '@trust/domain';
import { useState } from 'react';
import { useSavedProviders } from '../../api/saved-providers/get-saved-providers.ts';
import { useRemoveSavedProvider } from '../../api/saved-providers/remove-saved-provider.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { directionsUrl } from '../../components/provider/directions-url.ts';
import { ConfirmListingButton } from '../../components/provider/listing-freshness.tsx';
import { ProviderCard } from '../../components/provider/provider-card.tsx';
import { ProviderDetailModal } from '../../components/provider/provider-detail-modal.tsx';
import { removeErrorMessage } from '../../components/provider/save-messages.ts';
import { AddProviderForm } from './add-provider-form.tsx';

/** 001 §9: up to 6 service chips per saved provider. */
const SAVED_SERVICE_CHIPS = 6;

/**
 * 001 §2.5 My Providers: the signed-in user's saved providers, searched on the server, with Add New Provider,
 * Directions, Remove (after a confirmation) and, when the host screen passes them, Messages and Select Provider.
 */
export function MyProvidersPage({
  onMessages,
  onSelect,
}: {
  onMessages?: (p: SavedProvider) => void;
  onSelect?: (p: SavedProvider) => void;
} = {}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useSavedProviders(debounced);
  const remove = useRemoveSavedProvider();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedProvider | null>(null);
  const [open, setOpen] = useState<SavedProvider | null>(null);

  const providers = list.data?.providers ?? [];
  const total = list.data?.total ?? 0;

  const confirmRemove = () => {
    const target = removing;
    setRemoving(null);
    if (!target) return;
    remove.mutate(target.provider_id, {
      onError: (error) =>
        notifications.show({ color: 'red', message: removeErrorMessage(error), autoClose: 6000 }),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>My Providers</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add New Provider
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search saved providers"
          placeholder="Search by name, type, city, ZIP or service"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <Text size="sm" c="dimmed" role="status">
          {total === 1 ? '1 saved provider' : `${total} saved providers`}
        </Text>
      </Group>

      {list.isError && (
        <LoadErrorAlert
          error={list.error}
          what="saved providers"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isPending && <Loader size="sm" />}

      {list.isSuccess && providers.length === 0 && (
        <Stack align="center" gap={4} py="xl">
          {debounced ? (
            <Text fw={600}>{PROVIDER_MESSAGES.noProvidersFound}</Text>
          ) : (
            <>
              <Text fw={600}>{PROVIDER_MESSAGES.noSavedProviders}</Text>
              <Text size="sm" c="dimmed" ta="center">
                Save providers from the Provider Directory, or add one with Add New Provider.
              </Text>
            </>
          )}
        </Stack>
      )}

      <Stack gap="sm">
        {providers.map((p) => {
          const directions = directionsUrl(p);
          return (
            <ProviderCard
              key={p.provider_id}
              provider={p}
              maxServices={SAVED_SERVICE_CHIPS}
              onOpen={() => setOpen(p)}
              actions={
                <>
                  {directions && (
                    <Button
                      size="xs"
                      variant="light"
                      component="a"
                      href={directions}
                      target="_blank"
                      rel="noopener noreferrer"
                      leftSection={<IconMapPin size={14} />}
                    >
                      Directions
                    </Button>
                  )}
                  {onMessages && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconMessage size={14} />}
                      onClick={() => onMessages(p)}
                    >
                      Messages
                    </Button>
                  )}
                  {onSelect && (
                    <Button size="xs" leftSection={<IconUserCheck size={14} />} onClick={() => onSelect(p)}>
                      Select Provider
                    </Button>
                  )}
                  <ConfirmListingButton provider={p} />
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setRemoving(p)}
                  >
                    Remove
                  </Button>
                </>
              }
            />
          );
        })}
      </Stack>

      <ConfirmDialog
        opened={removing !== null}
        title="Remove provider"
        message={PROVIDER_MESSAGES.removeConfirm}
        confirmLabel="Remove"
        danger
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      <AddProviderForm opened={adding} onClose={() => setAdding(false)} />
      <ProviderDetailModal provider={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
