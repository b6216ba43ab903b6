import {
  Button,
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
import { IconDownload, IconSearch, IconStar } from '@tabler/icons-react';
import {
  PERFORMANCE_MESSAGES,
  PERFORMANCE_PAGE_SIZE_DEFAULT,
  type PerformanceRange,
  type ProviderMetrics,
  RATINGS_MESSAGES,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { downloadProviderPerformanceCsv } from '../../api/provider-performance/export-provider-performance.ts';
import { useProviderPerformance } from '../../api/provider-performance/get-provider-performance.ts';
import { useUpdateGoogleRatings } from '../../api/provider-performance/update-google-ratings.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { CapacityPanel } from './capacity-panel.tsx';
import { PerformanceCharts } from './performance-charts.tsx';
import { ProviderCard } from './provider-card.tsx';
import { ProviderDetailModal } from './provider-detail-modal.tsx';
import { RangeChips } from './range-chips.tsx';
import { SummaryCards } from './summary-cards.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Provider Performance (001 §2.19): how the providers this organization's referrals were matched to perform.
 * Every figure, the range filter, search and paging come from the server; the charts draw the page shown, and
 * 'Export CSV' downloads every provider of the current range and search from the server.
 */
export function ProviderPerformancePage() {
  const [range, setRange] = useState<PerformanceRange>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const performance = useProviderPerformance({
    range,
    search: debouncedSearch || undefined,
    page,
    page_size: PERFORMANCE_PAGE_SIZE_DEFAULT,
  });
  const ratings = useUpdateGoogleRatings();
  const [exporting, setExporting] = useState(false);

  const shown: ProviderMetrics[] = performance.data?.providers ?? [];
  const open = shown.find((m) => m.provider.id === openId) ?? null;
  const pages = performance.data
    ? Math.max(1, Math.ceil(performance.data.total / performance.data.page_size))
    : 1;

  function updateRatings() {
    ratings.mutate(
      shown.map((m) => m.provider.id),
      {
        onSuccess: (res) =>
          notifications.show({ color: res.success ? 'green' : 'yellow', message: res.message }),
        onError: (err) =>
          notifications.show({ color: 'red', message: errorText(err, RATINGS_MESSAGES.failed) }),
      },
    );
  }

  async function exportCsv() {
    setExporting(true);
    try {
      // The filter the list shows: the range and the (debounced) search.
      await downloadProviderPerformanceCsv({ range, search: debouncedSearch || undefined });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, PERFORMANCE_MESSAGES.exportFailed) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Provider Performance</Title>
          <Text size="sm" c="dimmed">
            Outcomes of your organization's referrals, by provider.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconStar size={16} />}
            onClick={updateRatings}
            loading={ratings.isPending}
            disabled={shown.length === 0}
          >
            Update Google Ratings
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!performance.data || performance.data.total === 0}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {performance.data && !performance.data.ratings_configured && (
        <Text size="xs" c="dimmed">
          {RATINGS_MESSAGES.notConfigured}
        </Text>
      )}

      <CapacityPanel />

      {performance.data && <SummaryCards summary={performance.data.summary} />}

      <Stack gap="xs">
        <TextInput
          aria-label="Search providers"
          placeholder="Search providers by name, city, ZIP or service"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <RangeChips
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
      </Stack>

      {performance.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading provider performance" />
        </Center>
      ) : performance.isError ? (
        <LoadErrorAlert
          error={performance.error}
          what="provider performance"
          message={errorText(performance.error, 'Failed to load provider performance.')}
          onRetry={() => void performance.refetch()}
        />
      ) : shown.length === 0 ? (
        <Text c="dimmed">No providers found</Text>
      ) : (
        <>
          <PerformanceCharts providers={shown} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shown.map((m) => (
              <ProviderCard key={m.provider.id} metrics={m} onOpen={() => setOpenId(m.provider.id)} />
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {performance.data.total} {performance.data.total === 1 ? 'provider' : 'providers'}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />}
          </Group>
        </>
      )}
      <ProviderDetailModal metrics={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
