import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import {
  ACTIVITY_TYPE_LABELS,
  BILLING_REPORT_MESSAGES,
  BILLING_UNIT_OPTIONS,
  type BillableLine,
  type BillableReportQuery,
  type BillingExceptionLine,
  billableReportQuerySchema,
  dollarsToCents,
  enrollmentLabel,
  formatCents,
  isOrgManager,
  monthPeriodOf,
  optionLabel,
  todayIsoDate,
} from '@trust/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { downloadBillableReportCsv } from '../../api/billing-report/export-billable-report.ts';
import { useBillableReport } from '../../api/billing-report/get-billable-report.ts';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatCalendarDate } from '../../components/format-date.ts';

// Issue #15 item 7: the billable activities report of a program and a period, for the organization's managers
// and administrators (the server decides; the tab is listed only for them). The server prices the lines and
// lists apart what the billing activities' limits and dates refuse; this screen shows both and downloads the CSV.

const dollars = (amount: number) => formatCents(dollarsToCents(amount));

function Flags({ item }: { item: BillableLine | BillingExceptionLine }) {
  if (!item.requires_prior_auth && !item.requires_supervision) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {item.requires_prior_auth && (
        <Badge size="sm" variant="light" color="orange">
          Prior auth
        </Badge>
      )}
      {item.requires_supervision && (
        <Badge size="sm" variant="light" color="grape">
          Supervision
        </Badge>
      )}
    </Group>
  );
}

/** The billing activity's name and its codes (CPT, HCPCS, revenue, modifiers). */
function BillingCell({ item }: { item: BillableLine | BillingExceptionLine }) {
  const codes = [
    item.cpt_code && `CPT ${item.cpt_code}`,
    item.hcpcs_code && `HCPCS ${item.hcpcs_code}`,
    item.revenue_code && `Rev ${item.revenue_code}`,
    item.modifiers.length > 0 && `Mod ${item.modifiers.join(' ')}`,
  ].filter(Boolean);
  return (
    <>
      <Text size="sm">{item.activity_name}</Text>
      {codes.length > 0 && (
        <Text size="xs" c="dimmed">
          {codes.join(' · ')}
        </Text>
      )}
    </>
  );
}

function MemberCell({ item }: { item: BillableLine | BillingExceptionLine }) {
  return (
    <>
      <Text size="sm">{item.member_name}</Text>
      {item.medicaid_id && (
        <Text size="xs" c="dimmed">
          {item.medicaid_id}
        </Text>
      )}
    </>
  );
}

const common = {
  date: {
    key: 'date',
    header: 'Date',
    nowrap: true,
    cell: (r: BillableLine | BillingExceptionLine) => formatCalendarDate(r.activity_date),
  },
  member: {
    key: 'member',
    header: 'Member',
    cell: (r: BillableLine | BillingExceptionLine) => <MemberCell item={r} />,
  },
  billing: {
    key: 'billing',
    header: 'Billing Activity',
    cell: (r: BillableLine | BillingExceptionLine) => <BillingCell item={r} />,
  },
  type: {
    key: 'type',
    header: 'Activity',
    hideOnPhone: true,
    cell: (r: BillableLine | BillingExceptionLine) => enrollmentLabel(ACTIVITY_TYPE_LABELS, r.activity_type),
  },
  rate: {
    key: 'rate',
    header: 'Rate',
    nowrap: true,
    cell: (r: BillableLine | BillingExceptionLine) =>
      `${dollars(r.rate_per_unit)} / ${optionLabel(BILLING_UNIT_OPTIONS, r.billing_unit).replace(/^Per /, '').toLowerCase()}`,
  },
  flags: {
    key: 'flags',
    header: 'Requires',
    cell: (r: BillableLine | BillingExceptionLine) => <Flags item={r} />,
  },
  performer: {
    key: 'performer',
    header: 'Performed By',
    hideOnPhone: true,
    cell: (r: BillableLine | BillingExceptionLine) => r.performed_by_name ?? '—',
  },
} satisfies Record<string, DataTableColumn<BillableLine | BillingExceptionLine>>;

const LINE_COLUMNS: DataTableColumn<BillableLine>[] = [
  common.date,
  common.member,
  common.type,
  common.billing,
  { key: 'units', header: 'Units', nowrap: true, cell: (r) => r.units },
  common.rate,
  { key: 'amount', header: 'Amount', nowrap: true, cell: (r) => dollars(r.amount) },
  common.flags,
  common.performer,
];

const EXCEPTION_COLUMNS: DataTableColumn<BillingExceptionLine>[] = [
  common.date,
  common.member,
  common.billing,
  { key: 'reason', header: 'Reason', cell: (r) => r.reason_text },
  {
    key: 'units',
    header: 'Units Refused',
    nowrap: true,
    cell: (r) => (r.units_refused === r.units ? r.units : `${r.units_refused} of ${r.units}`),
  },
  { key: 'amount', header: 'Not Billed', nowrap: true, cell: (r) => dollars(r.amount) },
  common.flags,
  common.performer,
];

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** The form's values checked with the server's own schema: the query to ask, or the message of each field. */
function checkForm(form: {
  programId: string;
  start: string;
  end: string;
}): { query: BillableReportQuery; fields: null } | { query: null; fields: Record<string, string> } {
  const parsed = billableReportQuerySchema.safeParse({
    program_id: form.programId,
    start_date: form.start,
    end_date: form.end,
  });
  if (parsed.success) return { query: parsed.data, fields: null };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { query: null, fields };
}

export function BillingReportPage() {
  const { user } = useAuth();
  const manager = isOrgManager(user?.org_role);
  const programs = useProgramOptions();
  const [form, setForm] = useState(() => {
    const month = monthPeriodOf(todayIsoDate());
    return { programId: '', start: month.start_date, end: month.end_date };
  });
  const [exporting, setExporting] = useState(false);
  const checked = useMemo(() => checkForm(form), [form]);
  const report = useBillableReport(manager ? checked.query : null);
  // The client's check first; the server's fields when it refused what the client let through.
  const serverFields = report.error instanceof ApiError ? (report.error.fields ?? {}) : {};
  const fields = form.programId ? { ...serverFields, ...(checked.fields ?? {}) } : {};
  const data = checked.query ? report.data : undefined;

  const exportCsv = async () => {
    if (!checked.query) return;
    setExporting(true);
    try {
      await downloadBillableReportCsv(checked.query);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, BILLING_REPORT_MESSAGES.exportFailed) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>Billing Report</Title>
      <Text c="dimmed" size="sm">
        The completed activities of a program billed as its billing activities, priced in units and rate
        within each billing activity's daily and monthly limits and its effective dates. What those refuse is
        listed apart with the reason.
      </Text>
      {!manager && (
        <Alert color="yellow">
          Only managers and administrators of the active organization can see its billing report.
        </Alert>
      )}
      <Card withBorder>
        <Group align="flex-start" wrap="wrap">
          <NativeSelect
            label="Program"
            w={280}
            value={form.programId}
            onChange={(e) => setForm({ ...form, programId: e.currentTarget.value })}
            data={[
              { value: '', label: programs.isPending ? 'Loading programs…' : 'Choose a program' },
              ...(programs.data ?? []).map((p) => ({
                value: String(p.id),
                label: p.isActive ? p.name : `${p.name} (inactive)`,
              })),
            ]}
            error={
              programs.error ? errorText(programs.error, 'Failed to load the programs') : fields.program_id
            }
          />
          <TextInput
            label="Start date"
            type="date"
            value={form.start}
            onChange={(e) => setForm({ ...form, start: e.currentTarget.value })}
            error={fields.start_date}
          />
          <TextInput
            label="End date"
            type="date"
            value={form.end}
            onChange={(e) => setForm({ ...form, end: e.currentTarget.value })}
            error={fields.end_date}
          />
          <Button
            mt={24}
            leftSection={<IconDownload size={16} />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={!manager || !checked.query}
          >
            Export CSV
          </Button>
        </Group>
      </Card>

      {!form.programId && manager && <Text c="dimmed">Choose a program to see its billable activities.</Text>}

      {report.error !== null && checked.query && Object.keys(serverFields).length === 0 && (
        <Alert color="red" role="alert">
          {errorText(report.error, BILLING_REPORT_MESSAGES.fetchFailed)}
        </Alert>
      )}

      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label="Billable lines" value={data.totals.lines} />
            <Figure label="Units billed" value={data.totals.units} />
            <Figure label="Amount" value={dollars(data.totals.amount)} />
            <Figure label="Exceptions" value={data.exception_totals.exceptions} />
            <Figure label="Units refused" value={data.exception_totals.units_refused} />
            <Figure label="Not billed" value={dollars(data.exception_totals.amount)} />
          </SimpleGrid>

          <Title order={3}>Billable Lines</Title>
          <DataTable<BillableLine>
            label="Billable lines"
            columns={LINE_COLUMNS}
            rows={data.lines}
            rowKey={(r) => r.activity_id}
            fetching={report.isFetching}
            empty={BILLING_REPORT_MESSAGES.noLines}
            minWidth={900}
            tableProps={{ striped: true }}
          />
          {data.lines.length > 0 && (
            <Text fw={600} ta="right">
              Total: {data.totals.lines} {data.totals.lines === 1 ? 'line' : 'lines'}, {data.totals.units}{' '}
              {data.totals.units === 1 ? 'unit' : 'units'}, {dollars(data.totals.amount)}
            </Text>
          )}

          <Title order={3}>Exceptions</Title>
          <DataTable<BillingExceptionLine>
            label="Exceptions"
            columns={EXCEPTION_COLUMNS}
            rows={data.exceptions}
            rowKey={(r) => `${r.activity_id}-${r.reason}`}
            fetching={report.isFetching}
            empty={BILLING_REPORT_MESSAGES.noExceptions}
            minWidth={900}
            tableProps={{ striped: true }}
          />
        </>
      )}
    </Stack>
  );
}
