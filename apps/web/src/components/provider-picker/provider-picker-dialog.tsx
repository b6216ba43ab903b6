import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type DirectoryProvider, MATCHING_MESSAGES, PROVIDER_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { type ProviderPoint, useProviderSearch } from '../../api/matching/search-providers.ts';

/**
 * 001 §2.7 Select Provider dialog: searches the server by name, city or ZIP; providers already in the list are
 * greyed, marked 'Already Selected' and cannot be chosen; distance in miles when the member's location is known.
 */
export function ProviderPickerDialog({
  opened,
  onClose,
  onSelect,
  selectedIds = [],
  memberLocation = null,
  title = 'Select Provider',
}: {
  opened: boolean;
  onClose: () => void;
  onSelect: (provider: DirectoryProvider) => void;
  selectedIds?: readonly number[];
  memberLocation?: ProviderPoint | null;
  title?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<DirectoryProvider | null>(null);
  const results = useProviderSearch(debounced, memberLocation, opened);
  const taken = new Set(selectedIds);

  const close = () => {
    setChosen(null);
    setSearch('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      <Stack>
        <TextInput
          label="Search providers"
          placeholder="Search by name, city or zip code"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {results.isPending && <Loader size="sm" aria-label="Loading providers" />}
        {results.isError && (
          <Text c="red" size="sm" role="alert">
            {results.error.message}
          </Text>
        )}
        {results.data && results.data.providers.length === 0 && (
          <Text c="dimmed" size="sm">
            {PROVIDER_MESSAGES.noProvidersFound}
          </Text>
        )}
        <ScrollArea.Autosize mah={360}>
          <Stack gap="xs" role="listbox" aria-label="Providers">
            {results.data?.providers.map((p) => {
              const already = taken.has(p.id);
              const isChosen = chosen?.id === p.id;
              return (
                <UnstyledButton
                  key={p.id}
                  role="option"
                  aria-selected={isChosen}
                  aria-disabled={already}
                  aria-label={p.organization_name}
                  disabled={already}
                  onClick={() => !already && setChosen(p)}
                  p="sm"
                  style={{
                    border: `1px solid ${isChosen ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)'}`,
                    borderRadius: 'var(--mantine-radius-sm)',
                    opacity: already ? 0.5 : 1,
                    cursor: already ? 'not-allowed' : 'pointer',
                    background: already ? 'var(--mantine-color-gray-1)' : undefined,
                  }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600} size="sm">
                        {p.organization_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[p.organization_type, [p.city, p.state].filter(Boolean).join(', '), p.zip_code]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </div>
                    <Group gap="xs" wrap="nowrap">
                      {p.distance_miles !== null && (
                        <Text size="xs" data-testid="provider-distance">
                          {p.distance_miles} miles
                        </Text>
                      )}
                      {already && (
                        <Badge color="gray" variant="light">
                          {MATCHING_MESSAGES.alreadySelected}
                        </Badge>
                      )}
                    </Group>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              onSelect(chosen);
              close();
            }}
          >
            Select Provider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
