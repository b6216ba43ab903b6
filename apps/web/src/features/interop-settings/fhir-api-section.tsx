import { Anchor, Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { INTEROP_TEXT as T } from '@trust/domain/interop-settings';
import { errorText } from '../../api/errors.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { CopyField } from './copy-field.tsx';
import {
  type CapabilitySummary,
  summarizeCapability,
  useCapabilityStatement,
} from './get-capability-statement.ts';

type ResourceRow = CapabilitySummary['resources'][number];

const COLUMNS: DataTableColumn<ResourceRow>[] = [
  {
    key: 'type',
    header: T.resourceColumn,
    cell: (r) => (
      <Text fw={600} size="sm">
        {r.type}
      </Text>
    ),
  },
  {
    key: 'interactions',
    header: T.interactionsColumn,
    cell: (r) => (
      <Group gap={4}>
        {r.interactions.map((code) => (
          <Badge key={code} variant="light" color="blue" tt="none">
            {code}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    key: 'search',
    header: T.searchColumn,
    hideOnPhone: true,
    cell: (r) => (
      <Text size="sm" ff="monospace">
        {r.searchParams.length ? r.searchParams.join(', ') : T.noSearch}
      </Text>
    ),
  },
];

/**
 * Where a system finds the organization's FHIR API: the base URL and token URL the server announces in its
 * CapabilityStatement (its configured public URL), built on `base` until the statement is read.
 */
export function FhirApiSection({ base }: { base: string }) {
  const metadata = useCapabilityStatement();
  const summary = metadata.data ? summarizeCapability(metadata.data) : null;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CopyField label={T.fhirBaseUrl} value={summary?.baseUrl ?? `${base}/fhir`} testId="fhir-base-url" />
        <CopyField label={T.tokenUrl} value={summary?.tokenUrl ?? `${base}/oauth/token`} testId="token-url" />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={600}>
          {T.fhirIg}
        </Text>
        <Text size="sm">{T.fhirIgValue}</Text>
      </div>
      <Text size="sm">{T.fhirAuth}</Text>
      <Anchor href="/fhir/metadata" target="_blank" rel="noopener" size="sm">
        {T.capabilityLink}
      </Anchor>
      <Text size="sm" fw={600} component="h4" m={0}>
        {T.capabilityHeading}
      </Text>
      <DataTable<ResourceRow>
        label={T.capabilityTable}
        columns={COLUMNS}
        rows={summary?.resources}
        rowKey={(r) => r.type}
        loadingLabel={T.capabilityLoading}
        fetching={metadata.isFetching}
        empty={T.capabilityEmpty}
        error={metadata.error}
        onRetry={() => void metadata.refetch()}
        errorAlert={{ what: T.capabilityWhat, message: errorText(metadata.error, T.capabilityFailed) }}
        minWidth={300}
      />
    </>
  );
}
