import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import {
  completionRateColor,
  FORM_ANALYTICS_DEFAULT_DAYS,
  FORM_DUE_SOON_DAYS,
  FORM_MESSAGES,
  FORM_TYPE_LABELS,
  type FormAnalyticsOverview,
} from '@trust/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { errorText } from '../../api/errors.ts';
import { downloadFormAnalyticsCsv, useFormAnalytics } from '../../api/forms/analytics.ts';
import { useFormInstances } from '../../api/forms/instances.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { FormDueDate, localToday } from '../../components/smart-form/form-due.tsx';

/** 002 §8: the analytics' load failure text (no sample data: the error, with a Retry). */
export const ANALYTICS_LOAD_FAILED = 'Failed to load analytics';

/** 002 §9: the default range is the last 30 days, today included. */
export function defaultRange(now: Date = new Date()): { start: string; end: string } {
  const start = new Date(now);
  start.setDate(start.getDate() - (FORM_ANALYTICS_DEFAULT_DAYS - 1));
  return { start: localToday(start), end: localToday(now) };
}

/** Minutes as a reader says them: "45 min", "3 h 20 min", "2 d 4 h". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 60 * 24) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const hours = Math.round(m / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** A figure, as a group named by its label (so it reads "Total Forms, 42"). */
function StatCard({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  const id = useId();
  return (
    <Card withBorder padding="sm" role="group" aria-labelledby={id}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={id}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** A completion rate as a bar coloured by 002 §2's thresholds (green ≥ 80, blue ≥ 60, amber below). */
export function CompletionBar({ rate, label }: { rate: number; label: string }) {
  const color = completionRateColor(rate);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={Math.min(Math.max(rate, 0), 100)}
        color={color}
        size="lg"
        style={{ flex: 1 }}
        aria-label={`${label}: ${rate}% completed`}
      />
      <Text size="sm" w={56} ta="right">
        {rate}%
      </Text>
    </Group>
  );
}

/** Form Analytics (002 §2; issue #16 item 4): figures of the forms started in a range, from the server. */
export function FormAnalyticsPage() {
  const [range, setRange] = useState(defaultRange);
  const [programId, setProgramId] = useState('');
  const [exporting, setExporting] = useState(false);
  const [overdueOpen, setOverdueOpen] = useState(false);
  const programs = useProgramOptions();
  const rangeInvalid = range.start !== '' && range.end !== '' && range.start > range.end;
  const params = {
    startDate: range.start,
    endDate: range.end,
    programId: programId ? Number(programId) : null,
  };
  const analytics = useFormAnalytics(params);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFormAnalyticsCsv(params);
    } catch (e) {
      notifications.show({ color: 'red', message: errorText(e, 'Failed to export the report') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Form Analytics</Title>
          <Text size="sm" c="dimmed">
            Forms started in the chosen range
          </Text>
        </div>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={rangeInvalid}
        >
          Export
        </Button>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Start date"
          type="date"
          value={range.start}
          max={range.end || undefined}
          onChange={(e) => setRange((r) => ({ ...r, start: e.currentTarget.value }))}
          error={rangeInvalid ? 'The start date must be on or before the end date' : undefined}
        />
        <TextInput
          label="End date"
          type="date"
          value={range.end}
          min={range.start || undefined}
          onChange={(e) => setRange((r) => ({ ...r, end: e.currentTarget.value }))}
        />
        <NativeSelect
          label="Program"
          value={programId}
          data={[
            { value: '', label: 'All programs' },
            ...(programs.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          onChange={(e) => setProgramId(e.currentTarget.value)}
        />
      </Group>

      {analytics.error && !analytics.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={ANALYTICS_LOAD_FAILED}>
          <Stack gap="xs" align="flex-start">
            {errorText(analytics.error, ANALYTICS_LOAD_FAILED) !== ANALYTICS_LOAD_FAILED && (
              <Text size="sm">{errorText(analytics.error, ANALYTICS_LOAD_FAILED)}</Text>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={analytics.isFetching}
              onClick={() => void analytics.refetch()}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : analytics.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading analytics" />
        </Group>
      ) : (
        <AnalyticsReport
          report={analytics.data}
          stale={analytics.isPlaceholderData}
          onViewOverdue={() => setOverdueOpen(true)}
        />
      )}

      <OverdueFormsModal
        opened={overdueOpen}
        programId={params.programId}
        onClose={() => setOverdueOpen(false)}
      />
    </Stack>
  );
}

function AnalyticsReport({
  report,
  stale,
  onViewOverdue,
}: {
  report: FormAnalyticsOverview;
  stale: boolean;
  onViewOverdue: () => void;
}) {
  const o = report.overview;
  return (
    <Stack gap="md" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <StatCard label="Total Forms" value={o.total_forms} />
        <StatCard label="Completed" value={o.completed_forms} />
        <StatCard label="Pending Review" value={o.pending_review} />
        <StatCard label="Drafts" value={o.draft_forms} />
        <StatCard label="Completion Rate" value={`${o.completion_rate}%`} />
        <StatCard
          label="Avg. Completion Time"
          value={formatMinutes(o.avg_completion_time)}
          hint="started to submitted"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="sm">
            Usage by Form Type
          </Title>
          {report.by_type.length === 0 ? (
            <Text size="sm" c="dimmed">
              No forms in this range.
            </Text>
          ) : (
            <Stack gap="sm">
              {report.by_type.map((t) => (
                <Stack key={t.form_type} gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {FORM_TYPE_LABELS[t.form_type]}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t.total_submissions} of {t.total_forms} submitted · avg{' '}
                      {formatMinutes(t.avg_time_minutes)}
                    </Text>
                  </Group>
                  <CompletionBar rate={t.completion_rate} label={FORM_TYPE_LABELS[t.form_type]} />
                </Stack>
              ))}
            </Stack>
          )}
        </Card>

        <Card withBorder padding="md">
          <Title order={3} size="h4" mb="sm">
            Most Used Forms
          </Title>
          {report.most_used.length === 0 ? (
            <Text size="sm" c="dimmed">
              No forms in this range.
            </Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {report.most_used.map((m, index) => (
                <Group key={m.template_id} component="li" justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="filled" circle aria-label={`Rank ${index + 1}`}>
                      {index + 1}
                    </Badge>
                    <div>
                      <Text size="sm" fw={500}>
                        {m.template_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {FORM_TYPE_LABELS[m.form_type]}
                      </Text>
                    </div>
                  </Group>
                  <Text size="sm">
                    {m.usage_count} {m.usage_count === 1 ? 'use' : 'uses'}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={3} size="h4">
            Compliance
          </Title>
          {report.compliance.overdue > 0 && (
            <Button size="xs" color="red" variant="light" onClick={onViewOverdue}>
              View Overdue Forms
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ComplianceTile
            label="Overdue"
            value={report.compliance.overdue}
            color="red"
            hint="Drafts past their due date"
          />
          <ComplianceTile
            label="Due Soon"
            value={report.compliance.due_soon}
            color="orange"
            hint={`Drafts due within ${FORM_DUE_SOON_DAYS} days`}
          />
          <ComplianceTile
            label="Compliant"
            value={report.compliance.compliant}
            color="green"
            hint="On time or done"
          />
        </SimpleGrid>
      </Card>
      <Text size="xs" c="dimmed">
        {report.start_date} to {report.end_date} · figures of {formatDateTime(report.generated_at)}
      </Text>
    </Stack>
  );
}

function ComplianceTile({
  label,
  value,
  color,
  hint,
}: {
  label: string;
  value: number;
  color: string;
  hint: string;
}) {
  return (
    <Card withBorder padding="sm" style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={`${color}.8`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** The overdue forms (GET /api/forms/instances/?compliance=overdue), each a link to its filler. */
function OverdueFormsModal({
  opened,
  programId,
  onClose,
}: {
  opened: boolean;
  programId: number | null;
  onClose: () => void;
}) {
  const list = useFormInstances({ compliance: 'overdue', programId, pageSize: 200 }, { enabled: opened });
  const rows = list.data?.instances ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Overdue Forms" size="xl">
      {list.error ? (
        <Alert color="red" role="alert" title="Error:">
          {errorText(list.error, FORM_MESSAGES.fetchInstancesFailed)}
        </Alert>
      ) : list.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading overdue forms" />
        </Group>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No overdue forms.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label="Overdue forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Form</Table.Th>
                <Table.Th>Member</Table.Th>
                <Table.Th>Assigned to</Table.Th>
                <Table.Th>Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Anchor component={Link} to={tabPath('form-fill', i.id)} size="sm" onClick={onClose}>
                      {i.form_template_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{i.member_name ?? '—'}</Table.Td>
                  <Table.Td>{i.assigned_to_name ?? 'Nobody'}</Table.Td>
                  <Table.Td>
                    <FormDueDate form={i} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data && list.data.total > rows.length && (
            <Text size="xs" c="dimmed" mt="xs">
              Showing {rows.length} of {list.data.total}.
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
