import {
  Button,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCurrentLocation, IconSearch, IconX } from '@tabler/icons-react';
import {
  DIRECTORY_SEARCH_LANGUAGES,
  DIRECTORY_SEARCH_SERVICES,
  DIRECTORY_SEARCH_TYPES,
  SEARCH_RADIUS_MAX_MILES,
  SEARCH_RADIUS_MIN_MILES,
  US_STATES,
} from '@trust/domain';
import type { FormEvent } from 'react';
import type { SearchErrors, SearchMode, SearchValues } from './search-values.ts';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** 001 §2.6 search form: location or county, radius, filters, 'use my location', Search and Clear Search. */
export function DirectorySearchForm({
  values,
  errors,
  onChange,
  onSubmit,
  onClear,
  onLocate,
  locating,
  searching,
  serviceOptions,
  signedIn,
}: {
  values: SearchValues;
  errors: SearchErrors;
  onChange: (patch: Partial<SearchValues>) => void;
  onSubmit: () => void;
  onClear: () => void;
  onLocate: () => void;
  locating: boolean;
  searching: boolean;
  serviceOptions: readonly string[];
  signedIn: boolean;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Search providers"
    >
      <Stack gap="sm">
        <SegmentedControl
          value={values.mode}
          onChange={(mode) => onChange({ mode: mode as SearchMode })}
          data={[
            { value: 'location', label: 'Near a location' },
            { value: 'county', label: 'By county' },
          ]}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        {values.mode === 'location' ? (
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              label="Location"
              description="A 5-digit ZIP code, coordinates (lat,lng) or an address"
              placeholder="90012 or 34.05,-118.24 or 200 N Spring St, Los Angeles, CA"
              value={values.location}
              onChange={(e) => onChange({ location: e.currentTarget.value })}
              error={errors.location}
              required
              style={{ flex: '1 1 260px' }}
            />
            <Button
              variant="light"
              leftSection={<IconCurrentLocation size={16} />}
              onClick={onLocate}
              loading={locating}
              mt={{ base: 0, sm: 48 }}
            >
              Use my location
            </Button>
          </Group>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Select
              label="State"
              placeholder="Choose a state"
              data={STATE_OPTIONS}
              value={values.state || null}
              onChange={(state) => onChange({ state: state ?? '' })}
              error={errors.state}
              searchable
              required
            />
            <TextInput
              label="County"
              placeholder="Los Angeles"
              value={values.county}
              onChange={(e) => onChange({ county: e.currentTarget.value })}
              error={errors.county}
              required
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          <TextInput
            label="Keyword"
            placeholder="Name, city or service"
            value={values.keyword}
            onChange={(e) => onChange({ keyword: e.currentTarget.value })}
          />
          <Select
            label="Provider type"
            placeholder="Any type"
            data={[...DIRECTORY_SEARCH_TYPES]}
            value={values.organizationType}
            onChange={(organizationType) => onChange({ organizationType })}
            clearable
          />
          <MultiSelect
            label="Services"
            placeholder={values.services.length ? undefined : 'Any service'}
            data={[...new Set([...DIRECTORY_SEARCH_SERVICES, ...serviceOptions])]}
            value={values.services}
            onChange={(services) => onChange({ services })}
            searchable
            clearable
          />
          <MultiSelect
            label="Languages"
            placeholder={values.languages.length ? undefined : 'Any language'}
            data={[...DIRECTORY_SEARCH_LANGUAGES]}
            value={values.languages}
            onChange={(languages) => onChange({ languages })}
            clearable
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {values.mode === 'location' && (
            <Input.Wrapper label={`Radius: ${values.radiusMiles} miles`} error={errors.radiusMiles}>
              <Slider
                min={SEARCH_RADIUS_MIN_MILES}
                max={SEARCH_RADIUS_MAX_MILES}
                step={1}
                value={values.radiusMiles}
                onChange={(radiusMiles) => onChange({ radiusMiles })}
                label={(v) => `${v} mi`}
                aria-label="Search radius in miles"
                thumbLabel="Search radius in miles"
                mt={6}
              />
            </Input.Wrapper>
          )}
          <Input.Wrapper
            label={`Minimum quality score: ${values.minQualityScore}`}
            error={errors.minQualityScore}
          >
            <Slider
              min={0}
              max={100}
              step={10}
              value={values.minQualityScore}
              onChange={(minQualityScore) => onChange({ minQualityScore })}
              aria-label="Minimum quality score"
              thumbLabel="Minimum quality score"
              mt={6}
            />
          </Input.Wrapper>
          <Stack gap={6} justify="center">
            <Checkbox
              label="Accepts Medicaid"
              checked={values.acceptsMedicaid}
              onChange={(e) => onChange({ acceptsMedicaid: e.currentTarget.checked })}
            />
            <Checkbox
              label="Accepts Medicare"
              checked={values.acceptsMedicare}
              onChange={(e) => onChange({ acceptsMedicare: e.currentTarget.checked })}
            />
          </Stack>
        </SimpleGrid>
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={searching}>
            Search
          </Button>
          <Button variant="default" leftSection={<IconX size={16} />} onClick={onClear}>
            Clear Search
          </Button>
          {!signedIn && (
            <Text size="xs" c="dimmed">
              The directory is open to everyone; sign in to save providers to My Providers.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
