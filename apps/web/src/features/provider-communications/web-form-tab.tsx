import { Alert, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconWorldWww } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { WEB_FORM_MESSAGES } from '@trust/domain';
import { useState } from 'react';
import { referralScreenshotsQueryOptions } from '../../api/referrals/get-referral-screenshots.ts';
import { WebFormSubmissionCard } from '../../components/communications/web-form-submission-card.tsx';
import { ReferralSelect } from './referral-select.tsx';
import { useWebFormRun } from './use-web-form-run.ts';

/** The referral's earlier web-form submissions, newest first, without the one just shown. */
function EarlierSubmissions({ referralId, exceptId }: { referralId: number; exceptId: number | null }) {
  const list = useQuery(referralScreenshotsQueryOptions(referralId, 1));
  const records = (list.data?.screenshots ?? []).filter((r) => r.id !== exceptId);
  if (records.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Earlier submissions">
      <Title order={5}>Earlier submissions</Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {records.map((r) => (
          <WebFormSubmissionCard key={r.id} record={r} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * 001 §2.10 Web Form tab: choose a referral and submit it through the provider's web form, filled by a
 * headless browser on the server (001 §5, §7). Without a website or form address the warning shows and the
 * button is disabled. While the run goes on (it can take tens of seconds) a progress state shows; then the
 * submission record with its status, fields, page and both screenshots, and the referral's earlier ones.
 */
export function WebFormTab({
  providerId,
  formUrl,
  referralId: initialReferralId,
}: {
  providerId: number;
  formUrl: string | null;
  referralId: number | null;
}) {
  const [referralId, setReferralId] = useState<number | null>(initialReferralId);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useWebFormRun(providerId);
  const { state } = run;
  const busy = state.phase === 'running';

  const submit = () => {
    if (referralId === null) {
      setProblem(WEB_FORM_MESSAGES.referralRequired);
      return;
    }
    setProblem(null);
    void run.start(referralId);
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={4}>Web Form</Title>
      {formUrl ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          The referral is entered on {formUrl}
        </Text>
      ) : (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} role="status">
          {WEB_FORM_MESSAGES.websiteMissing}
        </Alert>
      )}
      <ReferralSelect
        providerId={providerId}
        value={referralId}
        onChange={(r) => {
          setReferralId(r?.id ?? null);
          setProblem(null);
          run.reset();
        }}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={<IconWorldWww size={16} />}
          onClick={submit}
          disabled={!formUrl || busy}
          loading={busy}
        >
          Submit Web Form
        </Button>
      </Group>

      {busy && (
        <Paper withBorder radius="md" p="md" role="status" aria-label="Web form in progress">
          <Stack gap="xs">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{WEB_FORM_MESSAGES.running}</Text>
            </Group>
            <Progress value={100} striped animated aria-label="Web form progress" />
            <Text size="xs" c="dimmed">
              This can take up to a minute: the form is opened, filled, photographed and submitted.
            </Text>
          </Stack>
        </Paper>
      )}
      {state.phase === 'failed' && (
        <Alert color="red" role="alert">
          {state.text}
        </Alert>
      )}
      {state.phase === 'still-running' && (
        <Alert color="yellow" role="status">
          The web form is still being filled. Its record will appear under the earlier submissions when it
          ends.
        </Alert>
      )}
      {state.phase === 'done' && (
        <Stack gap="sm" component="section" aria-label="Submission result">
          <Alert
            color={state.outcome.success ? 'green' : 'red'}
            role={state.outcome.success ? 'status' : 'alert'}
          >
            {state.outcome.text}
          </Alert>
          <WebFormSubmissionCard record={state.outcome.record} showFields component="div" />
        </Stack>
      )}
      {referralId !== null && <EarlierSubmissions referralId={referralId} exceptId={run.currentId} />}
    </Stack>
  );
}
