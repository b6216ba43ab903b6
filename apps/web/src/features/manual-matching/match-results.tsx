import { Badge, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import {
  MATCH_FEEDBACK_STATUSES,
  MATCHING_MESSAGES,
  type MatchCandidate,
  type MatchFeedbackStatus,
  matchScoreColor,
  matchScorePercent,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useRankMatches } from '../../api/matching/rank-matches.ts';
import { useSubmitMatchFeedback } from '../../api/matching/submit-match-feedback.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

const FEEDBACK_LABELS: Record<MatchFeedbackStatus, string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  completed: 'Completed',
  failed: 'Failed',
};
const FEEDBACK_COLORS: Record<MatchFeedbackStatus, string> = {
  accepted: 'green',
  rejected: 'red',
  completed: 'blue',
  failed: 'orange',
};

/** 001 §2.3 AI match results: rank, score, the reasons, Create Referral, and feedback per candidate. */
export function MatchResults({
  referralId,
  onCreateReferral,
}: {
  referralId: number;
  onCreateReferral: (candidate: MatchCandidate) => void;
}) {
  const ranking = useRankMatches(referralId);
  if (ranking.isPending) return <Loader size="sm" aria-label="Finding matches" />;
  if (ranking.isError) {
    return (
      <LoadErrorAlert
        error={ranking.error}
        what="matches"
        message={errorText(ranking.error, MATCHING_MESSAGES.backendUnavailable)}
        onRetry={() => void ranking.refetch()}
      />
    );
  }
  if (ranking.data.matches.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {MATCHING_MESSAGES.noMatches}
      </Text>
    );
  }
  return (
    <Stack gap="xs" aria-label="Match results">
      {ranking.data.matches.map((m) => (
        <CandidateCard key={m.cbo_id} referralId={referralId} candidate={m} onCreate={onCreateReferral} />
      ))}
    </Stack>
  );
}

function CandidateCard({
  referralId,
  candidate: m,
  onCreate,
}: {
  referralId: number;
  candidate: MatchCandidate;
  onCreate: (c: MatchCandidate) => void;
}) {
  const feedback = useSubmitMatchFeedback();
  const [notes, setNotes] = useState('');
  const [notice, setNotice] = useState(false);
  const send = (status: MatchFeedbackStatus) =>
    feedback.mutate(
      { referral_id: referralId, cbo_id: m.cbo_id, status, notes: notes.trim() || null },
      {
        onSuccess: () => {
          // 001 §4: the success notice shows for 3 seconds.
          setNotice(true);
          setTimeout(() => setNotice(false), 3000);
        },
      },
    );
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Match ${m.rank}: ${m.name}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Badge variant="outline">#{m.rank}</Badge>
          <Text fw={600}>{m.name}</Text>
          {m.distance_miles !== null && (
            <Text size="xs" c="dimmed">
              {m.distance_miles} miles
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Badge color={matchScoreColor(m.score)} data-testid="match-score">
            {matchScorePercent(m.score)} match
          </Badge>
          <Button size="xs" onClick={() => onCreate(m)}>
            Create Referral
          </Button>
        </Group>
      </Group>
      <Stack gap={0} mt={6} component="ul" style={{ paddingLeft: 16, margin: 0 }}>
        {m.reasons.map((r) => (
          <Text key={r.factor} size="xs" component="li">
            {/* One decimal: some weights are half percents (7.5 %), and rounded they would not add up to 100. */}
            {r.label} ({Math.round(r.weight * 1000) / 10}%): {r.detail}
          </Text>
        ))}
      </Stack>
      {m.feedback ? (
        <Group gap="xs" mt="xs">
          <Badge color={FEEDBACK_COLORS[m.feedback.status]}>
            Feedback: {FEEDBACK_LABELS[m.feedback.status]}
          </Badge>
          {m.feedback.notes && (
            <Text size="xs" c="dimmed">
              {m.feedback.notes}
            </Text>
          )}
        </Group>
      ) : (
        <Stack gap={4} mt="xs">
          <TextInput
            size="xs"
            label={`Feedback notes for ${m.name}`}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group gap={4}>
            {MATCH_FEEDBACK_STATUSES.map((s) => (
              <Button
                key={s}
                size="compact-xs"
                variant="light"
                color={FEEDBACK_COLORS[s]}
                loading={feedback.isPending && feedback.variables?.status === s}
                onClick={() => send(s)}
              >
                {FEEDBACK_LABELS[s]}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {notice && (
        <Text size="xs" c="green" role="status">
          {MATCHING_MESSAGES.feedbackRecorded}
        </Text>
      )}
      {feedback.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(feedback.error, MATCHING_MESSAGES.feedbackFailed)}
        </Text>
      )}
    </Card>
  );
}
