import {
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  type FilterKey,
  METHOD_FILTERS,
  type QueueFilters,
  SCOPE_FILTERS,
  STATUS_FILTERS,
  URGENCY_FILTERS,
} from './queue-filters.ts';

/** 000 §2.3 "Search & Filter" (000 §5.5); the server searches and filters. */
export function QueueFilterPanel({
  search,
  onSearch,
  filters,
  onFilter,
  showScope,
}: {
  search: string;
  onSearch: (value: string) => void;
  filters: QueueFilters;
  onFilter: (key: FilterKey, value: string) => void;
  showScope: boolean;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="queue-filters-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="queue-filters-title">
          Search &amp; Filter
        </Title>
        <TextInput
          label="Search"
          type="search"
          placeholder="Name, Medicaid ID, ZIP, phone, email, city, diagnosis, need, provider…"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          autoComplete="off"
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NativeSelect
            label="Status"
            data={STATUS_FILTERS.map((o) => ({ ...o }))}
            value={filters.status}
            onChange={(e) => onFilter('status', e.currentTarget.value)}
          />
          <NativeSelect
            label="Urgency"
            data={URGENCY_FILTERS.map((o) => ({ ...o }))}
            value={filters.urgency}
            onChange={(e) => onFilter('urgency', e.currentTarget.value)}
          />
          <NativeSelect
            label="Method"
            data={METHOD_FILTERS.map((o) => ({ ...o }))}
            value={filters.method}
            onChange={(e) => onFilter('method', e.currentTarget.value)}
          />
        </SimpleGrid>
        {showScope && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="queue-scope-label">
              Referrals
            </Text>
            <SegmentedControl
              aria-labelledby="queue-scope-label"
              value={filters.scope}
              onChange={(value) => onFilter('scope', value)}
              data={SCOPE_FILTERS.map((o) => ({ ...o }))}
              fullWidth
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
