import { Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IMPORT_COST_TYPE_LABELS,
  IMPORT_COST_TYPES,
  IMPORT_DATA_SOURCES,
  type ImportMonthlyCost,
} from '@trust/domain';
import { useId } from 'react';
import { formatCount, formatUsd, periodLabel, runsText, sourceLabel } from './import-format.ts';

// The Analytics tab's cost summary (002 §3 Cost): a month's total, by type and by source.

/** The known keys first, in their own order, then any other the server names. */
function orderedKeys(record: Record<string, unknown>, known: readonly string[]): string[] {
  return [
    ...known.filter((k) => k in record),
    ...Object.keys(record)
      .filter((k) => !known.includes(k))
      .sort(),
  ];
}

function costTypeLabel(type: string): string {
  return IMPORT_COST_TYPE_LABELS[type as keyof typeof IMPORT_COST_TYPE_LABELS] ?? type;
}

function BreakdownTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: { key: string; label: string; total: number; count: number }[];
}) {
  const id = useId();
  return (
    <div>
      <Text size="sm" fw={600} id={id} mb={4}>
        {caption}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded.
        </Text>
      ) : (
        <Table aria-labelledby={id} verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{head}</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th ta="right">Runs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{formatUsd(r.total)}</Table.Td>
                <Table.Td ta="right">{formatCount(r.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

export function CostSummary({ cost, period }: { cost: ImportMonthlyCost; period: string }) {
  const byType = orderedKeys(cost.by_type, IMPORT_COST_TYPES).map((key) => ({
    key,
    label: costTypeLabel(key),
    total: cost.by_type[key]?.total ?? 0,
    count: cost.by_type[key]?.count ?? 0,
  }));
  const bySource = orderedKeys(cost.by_source, IMPORT_DATA_SOURCES).map((key) => ({
    key,
    label: sourceLabel(key),
    total: cost.by_source[key]?.total ?? 0,
    count: cost.by_source[key]?.count ?? 0,
  }));
  return (
    <Card withBorder padding="md" component="section" aria-label={`Costs of ${periodLabel(period)}`}>
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Total for {periodLabel(period)}
          </Text>
          <Text size="xl" fw={700}>
            {formatUsd(cost.total)}
          </Text>
          <Text size="sm" c="dimmed">
            {cost.runs === 0
              ? 'No import run ended this month.'
              : `From ${runsText(cost.runs)} that ended this month`}
          </Text>
        </div>
        {cost.runs > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <BreakdownTable caption="By type" head="Type" rows={byType} />
            <BreakdownTable caption="By source" head="Source" rows={bySource} />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
