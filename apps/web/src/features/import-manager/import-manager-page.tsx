import { Alert, Button, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { IMPORT_MESSAGES } from '@trust/domain';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useImportStats } from '../../api/imports/jobs.ts';
import { AnalyticsTab } from './analytics-tab.tsx';
import { DependenciesTab } from './dependencies-tab.tsx';
import { ManualJobsTab } from './manual-jobs-tab.tsx';
import { SchedulesTab } from './schedules-tab.tsx';

const TABS = [
  { value: 'jobs', label: 'Manual Jobs' },
  { value: 'schedules', label: 'Schedules' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'dependencies', label: 'Dependencies' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Why the stats could not be read, in the spec's words (002 §8). */
function statsFailure(error: unknown): string {
  if (error instanceof ApiError) {
    // The import module is absent from this server (SERVER_MODULES without the directory).
    if (error.status === 404) return IMPORT_MESSAGES.notAvailable;
    if (error.status === 403) return error.detail ?? IMPORT_MESSAGES.operatorsOnly;
    if (error.status === 0) return error.message;
  }
  const status = error instanceof ApiError && error.detail ? error.detail : 'the server did not answer';
  return IMPORT_MESSAGES.statsFailed(status);
}

/**
 * 002 §2 "Import manager (operators)", issue #18: platform operators pull providers from the public registries
 * (CMS NPPES, Care Compare, HRSA) into the directory, by hand or on schedules, and see what it costs. Four
 * tabs, the chosen one kept in the address (`?tab=schedules`) so a reload or a link opens it again.
 */
export function ImportManagerPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabValue = TABS.some((t) => t.value === asked) ? (asked as TabValue) : 'jobs';
  const stats = useImportStats();

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Import Manager</Title>
        <Text size="sm" c="dimmed">
          Providers from the public registries into the directory every organization matches against.
        </Text>
      </div>
      {stats.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the import manager" />
        </Center>
      ) : stats.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{statsFailure(stats.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (!value || value === 'jobs') next.delete('tab');
            else next.set('tab', value);
            setParams(next, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="jobs" pt="md">
            <ManualJobsTab stats={stats.data} />
          </Tabs.Panel>
          <Tabs.Panel value="schedules" pt="md">
            <SchedulesTab />
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="md">
            <AnalyticsTab />
          </Tabs.Panel>
          <Tabs.Panel value="dependencies" pt="md">
            <DependenciesTab />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
