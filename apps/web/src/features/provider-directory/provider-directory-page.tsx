import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconBookmarkFilled, IconList, IconMap, IconMapSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type DirectoryProvider, type DirectorySearchResult, PROVIDER_MESSAGES } from '@trust/domain';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useDirectoryProvider } from '../../api/directory/get-provider.ts';
import { useDirectoryServices } from '../../api/directory/get-services.ts';
import { useSavedProviders } from '../../api/saved-providers/get-saved-providers.ts';
import { useSaveProvider } from '../../api/saved-providers/save-provider.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ConfirmListingButton } from '../../components/provider/listing-freshness.tsx';
import { ProviderCard } from '../../components/provider/provider-card.tsx';
import { ProviderDetailModal } from '../../components/provider/provider-detail-modal.tsx';
import { SAVED_TOAST_MS, saveErrorMessage } from '../../components/provider/save-messages.ts';
import { DirectorySearchForm } from './directory-search-form.tsx';
import { runDirectorySearch, SearchFailure } from './run-search.ts';
import { EMPTY_SEARCH, type SearchErrors, type SearchValues, validateSearch } from './search-values.ts';
import { useMyLocation } from './use-my-location.ts';

// Leaflet loads with the map view only, so the rest of the app does not carry it.
const ProviderMap = lazy(() => import('./provider-map.tsx').then((m) => ({ default: m.ProviderMap })));

/** 001 §9: up to 5 service chips per result. */
const RESULT_SERVICE_CHIPS = 5;

type View = 'list' | 'map';

/**
 * 001 §2.6 Provider Directory: search (location or county, with filters), list and map views, the result
 * count, a detail modal and saving to My Providers. Open to signed-out visitors; saving needs a session.
 */
export function ProviderDirectoryPage() {
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const [values, setValues] = useState<SearchValues>(EMPTY_SEARCH);
  const [errors, setErrors] = useState<SearchErrors>({});
  const [view, setView] = useState<View>('list');
  const [openId, setOpenId] = useState<number | null>(null);
  // Listings their own organization confirmed since the search (issue #18 item 7): shown as the server answered.
  const [confirmed, setConfirmed] = useState<ReadonlyMap<number, DirectoryProvider>>(new Map());
  const services = useDirectoryServices();
  const saved = useSavedProviders('', signedIn);
  const save = useSaveProvider();
  const savedIds = useMemo(
    () => new Set((saved.data?.providers ?? []).map((p) => p.provider_id)),
    [saved.data],
  );

  const search = useMutation<DirectorySearchResult, Error, SearchValues>({
    mutationFn: (v) => runDirectorySearch(v),
    // 001 §4: after a search with results the view switches to the map.
    onSuccess: (result) => {
      setConfirmed(new Map());
      setView(result.count > 0 ? 'map' : 'list');
    },
  });
  const onConfirmed = (p: DirectoryProvider) => setConfirmed((m) => new Map(m).set(p.id, p));

  const submit = (v: SearchValues = values) => {
    const found = validateSearch(v);
    setErrors(found);
    if (Object.keys(found).length === 0) search.mutate(v);
  };

  const onFound = useCallback(
    (point: { latitude: number; longitude: number }) => {
      const updated: SearchValues = {
        ...values,
        mode: 'location',
        location: `${point.latitude.toFixed(5)},${point.longitude.toFixed(5)}`,
      };
      setValues(updated);
      setErrors({});
      search.mutate(updated);
    },
    [values, search.mutate],
  );
  const locator = useMyLocation(onFound);

  const clear = () => {
    setValues(EMPTY_SEARCH);
    setErrors({});
    setView('list');
    search.reset();
  };

  const found = search.data;
  const result = useMemo(
    () =>
      found && confirmed.size > 0
        ? { ...found, providers: found.providers.map((p) => confirmed.get(p.id) ?? p) }
        : found,
    [found, confirmed],
  );
  const listed = result?.providers.find((p) => p.id === openId) ?? null;
  const detail = useDirectoryProvider(openId, result?.center ?? null);
  const shown = detail.data ?? listed;

  const saveOne = (p: DirectoryProvider) =>
    save.mutate(p, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: PROVIDER_MESSAGES.providerSaved,
          message: `${p.organization_name} is in My Providers.`,
          autoClose: SAVED_TOAST_MS,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', message: saveErrorMessage(error, 'directory'), autoClose: 6000 }),
    });

  const saveButton = (p: DirectoryProvider) => {
    if (!signedIn) return null;
    const isSaved = savedIds.has(p.provider_id);
    return (
      <Button
        size="xs"
        variant={isSaved ? 'light' : 'filled'}
        leftSection={isSaved ? <IconBookmarkFilled size={14} /> : <IconBookmark size={14} />}
        disabled={isSaved}
        onClick={() => saveOne(p)}
      >
        {isSaved ? 'Saved' : 'Save'}
      </Button>
    );
  };

  const failure =
    search.error instanceof SearchFailure
      ? search.error
      : search.error
        ? new SearchFailure(PROVIDER_MESSAGES.searchFailed, search.error.message)
        : null;

  return (
    <Stack gap="md">
      <Title order={2}>Provider Directory</Title>
      <DirectorySearchForm
        values={values}
        errors={errors}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        onSubmit={() => submit()}
        onClear={clear}
        onLocate={locator.locate}
        locating={locator.locating}
        searching={search.isPending}
        serviceOptions={services.data?.services ?? []}
        signedIn={signedIn}
      />
      {locator.error && (
        <Alert color="yellow" role="alert">
          {locator.error}
        </Alert>
      )}
      {failure && (
        <Alert color="red" title={failure.title} role="alert">
          {failure.message}
        </Alert>
      )}

      {!result && !search.isPending && !failure && (
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMapSearch size={32} />
          </ThemeIcon>
          <Title order={3}>Find Community Resources</Title>
          <Text c="dimmed" ta="center" maw={520}>
            Search by ZIP code, address, coordinates or county to find food, housing, transportation, health
            and other community providers near a member.
          </Text>
        </Stack>
      )}

      {result && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} role="status">
              {result.count === 1 ? '1 provider found' : `${result.count} providers found`}
            </Text>
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as View)}
              aria-label="View"
              data={[
                {
                  value: 'list',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconList size={14} />
                      List
                    </Group>
                  ),
                },
                {
                  value: 'map',
                  label: (
                    <Group gap={4} wrap="nowrap">
                      <IconMap size={14} />
                      Map
                    </Group>
                  ),
                },
              ]}
            />
          </Group>
          {result.count === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {PROVIDER_MESSAGES.noProvidersFound}
            </Text>
          )}
          {result.count > 0 && view === 'map' && (
            <Suspense fallback={<Loader size="sm" />}>
              <ProviderMap
                providers={result.providers}
                center={result.center}
                onOpen={(p) => setOpenId(p.id)}
              />
            </Suspense>
          )}
          {result.count > 0 && view === 'list' && (
            <Stack gap="sm">
              {result.providers.map((p) => (
                <ProviderCard
                  key={p.id}
                  provider={p}
                  maxServices={RESULT_SERVICE_CHIPS}
                  onOpen={() => setOpenId(p.id)}
                  actions={
                    <>
                      <Button size="xs" variant="default" onClick={() => setOpenId(p.id)}>
                        Details
                      </Button>
                      {saveButton(p)}
                      <ConfirmListingButton provider={p} onConfirmed={onConfirmed} />
                    </>
                  }
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}

      <ProviderDetailModal
        provider={openId === null ? null : shown}
        loading={openId !== null && detail.isPending && !shown}
        error={openId !== null && detail.isError && !shown ? PROVIDER_MESSAGES.providerDetailsFailed : null}
        onClose={() => setOpenId(null)}
        actions={
          shown ? (
            <>
              {saveButton(shown)}
              <ConfirmListingButton provider={shown} onConfirmed={onConfirmed} />
            </>
          ) : null
        }
      />
    </Stack>
  );
}
