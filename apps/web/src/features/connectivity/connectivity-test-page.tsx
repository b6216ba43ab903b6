import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { joinUrl, type ProbeResult, probeEndpoint } from '../../api/connectivity/probe-endpoint.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';

// 003 §2.14, §7.7: the connectivity test page (tab railway-test).

const CHECKS = [
  { key: 'health', label: 'Health', path: '/health' },
  { key: 'root', label: 'Root', path: '/' },
  { key: 'users', label: 'Users', path: '/api/users' },
] as const;

type CheckKey = (typeof CHECKS)[number]['key'];

function describe(result: ProbeResult): string {
  if (result.status === null) return result.error ?? 'No answer';
  return `HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ''}`;
}

interface CheckRow {
  check: (typeof CHECKS)[number];
  result: ProbeResult;
}

const COLUMNS: DataTableColumn<CheckRow>[] = [
  {
    key: 'endpoint',
    header: 'Endpoint',
    cell: ({ check }) => (
      <>
        <Text size="sm" fw={600}>
          {check.label}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          GET {check.path}
        </Text>
      </>
    ),
  },
  {
    key: 'result',
    header: 'Result',
    cell: ({ result }) => <Badge color={result.ok ? 'green' : 'red'}>{result.ok ? 'Pass' : 'Fail'}</Badge>,
  },
  {
    key: 'answer',
    header: 'Answer',
    cell: ({ result }) => (
      <>
        <Text size="sm">{describe(result)}</Text>
        <Text size="xs" c="dimmed">
          {result.durationMs} ms
        </Text>
      </>
    ),
  },
];

function providersCount(result: ProbeResult | undefined): number | null {
  const json = result?.json;
  if (json && typeof json === 'object' && 'providers_count' in json) {
    const count = (json as { providers_count: unknown }).providers_count;
    return typeof count === 'number' ? count : null;
  }
  return null;
}

export function ConnectivityTestPage() {
  const { status } = useAuth();
  const [url, setUrl] = useState(() => window.location.origin);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<Partial<Record<CheckKey, ProbeResult>> | null>(null);
  const [testedUrl, setTestedUrl] = useState('');

  const run = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const base = url.trim();
    if (!base) return;
    setRunning(true);
    setTestedUrl(base);
    const answers = await Promise.all(
      CHECKS.map(async (check) => {
        const result = await probeEndpoint(joinUrl(base, check.path), { withAuth: status === 'signed-in' });
        return [check.key, result] as const;
      }),
    );
    setResults(Object.fromEntries(answers));
    setRunning(false);
  };

  const providers = providersCount(results?.health);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Connectivity Test</Title>
        <Text c="dimmed" size="sm">
          Checks that a Trust Marketplace service answers: its health, its root page and its users endpoint.
        </Text>
      </div>

      <Paper withBorder p="md">
        <form onSubmit={run}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Service URL"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              placeholder="https://example.org"
              required
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={running} leftSection={<IconPlayerPlay size={16} />}>
              Run Tests
            </Button>
          </Group>
          {status === 'signed-in' && (
            <Text size="xs" c="dimmed" mt={6}>
              Your sign-in is sent only when the URL is this site itself.
            </Text>
          )}
        </form>
      </Paper>

      {results && (
        <Paper withBorder p="md">
          <Text size="sm" mb="sm">
            Results for <strong>{testedUrl}</strong>
          </Text>
          <DataTable<CheckRow>
            label="Connectivity results"
            columns={COLUMNS}
            rows={CHECKS.flatMap((check) => {
              const result = results[check.key];
              return result ? [{ check, result }] : [];
            })}
            rowKey={(row) => row.check.key}
            rowProps={(row) => ({ 'data-testid': `check-${row.check.key}` })}
            empty="No results yet."
            minWidth={300}
            tableProps={{ verticalSpacing: 'xs' }}
          />
          {providers !== null && (
            <Alert color="teal" mt="md" title="Provider directory">
              {providers.toLocaleString('en-US')} providers in the directory.
            </Alert>
          )}
        </Paper>
      )}
    </Stack>
  );
}
