import { useQuery } from '@tanstack/react-query';
import { webFormFailedMessage } from '@trust/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { referralScreenshotsQueryOptions } from '../../api/referrals/get-referral-screenshots.ts';
import { useSubmitWebForm } from '../../api/web-forms/submit-web-form.ts';
import {
  isFinishedRecord,
  isRunning,
  outcomeOfRecord,
  outcomeOfResult,
  type WebFormOutcome,
} from './web-form-outcome.ts';

/** How often a queued run's record is looked for while the event stream says nothing, and for how long. */
const WAIT_POLL_MS = 3_000;
const WAIT_LIMIT_MS = 3 * 60_000;

type Waiting = { referralId: number; submissionId: number; since: number };

export type WebFormRunState =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; outcome: WebFormOutcome }
  | { phase: 'failed'; text: string }
  | { phase: 'still-running' };

/**
 * One web-form run of the Web Form tab: the POST, which either answers with the result or says the job is
 * queued; then, for a queued job, its record among the referral's screenshots (refetched on its live event,
 * and every 3 s meanwhile), until it has finished or 3 minutes have passed.
 */
export function useWebFormRun(providerId: number) {
  const submit = useSubmitWebForm(providerId);
  const [state, setState] = useState<WebFormRunState>({ phase: 'idle' });
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const records = useQuery({
    ...referralScreenshotsQueryOptions(waiting?.referralId ?? 0, 1),
    enabled: waiting !== null,
    refetchInterval: waiting ? WAIT_POLL_MS : false,
  });

  useEffect(() => {
    if (!waiting) return;
    const record = records.data?.screenshots.find((r) => r.id === waiting.submissionId);
    if (record && isFinishedRecord(record)) {
      setWaiting(null);
      setState({ phase: 'done', outcome: outcomeOfRecord(record) });
    } else if (Date.now() - waiting.since > WAIT_LIMIT_MS) {
      setWaiting(null);
      setState({ phase: 'still-running' });
    }
  }, [waiting, records.data]);

  const start = async (referralId: number) => {
    setState({ phase: 'running' });
    setWaiting(null);
    try {
      const result = await submit.mutateAsync(referralId);
      if (isRunning(result)) {
        setWaiting({ referralId, submissionId: result.submission_id, since: Date.now() });
        return;
      }
      setState({ phase: 'done', outcome: outcomeOfResult(result) });
    } catch (error) {
      setState({
        phase: 'failed',
        text: webFormFailedMessage(error instanceof ApiError ? error.detail : null),
      });
    }
  };

  const reset = () => {
    setWaiting(null);
    setState({ phase: 'idle' });
  };

  /** The submission on screen (running or shown), left out of the earlier ones. */
  const currentId = waiting?.submissionId ?? (state.phase === 'done' ? state.outcome.record.id : null);
  return { state, start, reset, currentId };
}
