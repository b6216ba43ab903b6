import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import {
  type DirectoryProvider,
  MATCHING_MESSAGES,
  type ManualMatchResponse,
  type MatchingReferral,
  matchSentMessage,
  PROVIDER_MESSAGES,
  RECENT_MATCHES_COUNT,
  urgencyLabel,
} from '@trust/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { getProvider, useProvider } from '../../api/matching/get-provider.ts';
import { useUnpublishedReferrals } from '../../api/matching/get-unpublished-referrals.ts';
import { useMatchReferral } from '../../api/matching/match-referral.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { ProviderPickerDialog } from '../../components/provider-picker/provider-picker-dialog.tsx';
import { ConfirmMatchModal, toMatchMethod } from './confirm-match-modal.tsx';
import { MatchResults } from './match-results.tsx';

/** The lines of 001 §8's success alert; "sent" only when the server says the referral went out. */
function successLines(r: ManualMatchResponse): string[] {
  const lines =
    // 'queued': in the outbox, delivered by the job queue; that is the send.
    r.send_status === 'sent' || r.send_status === 'queued' || r.web_form_submitted
      ? [matchSentMessage(r.communication_method)]
      : ['Status updated to Matched. The referral has not been sent to the provider yet.'];
  lines.push(`Provider: ${r.provider_name}`, `Organization: ${r.provider_organization}`);
  if (r.web_form_submitted) lines.push(MATCHING_MESSAGES.webFormSubmitted);
  lines.push(MATCHING_MESSAGES.matchInPerformance);
  return lines;
}

/**
 * 001 §2.3 'Unpublished Referrals - Manual Matching': the organization's Pending referrals that do not use the
 * matching engine; pick a provider (from My Providers via ?provider_id=, the directory, a quick search, the
 * five recently matched, or the ranked matches), confirm, and the referral is matched (PUT /match).
 */
export function ManualMatchingPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const presetId = Number(params.get('provider_id')) || null;
  // Issue #14: "Find a provider" on Referral Details opens this screen with that referral's chooser open.
  const referralId = Number(params.get('referral_id')) || null;
  const preset = useProvider(presetId);
  const list = useUnpublishedReferrals();
  const match = useMatchReferral();
  const [activeId, setActiveId] = useState<number | null>(referralId);
  const referralMissing =
    referralId !== null && list.data !== undefined && !list.data.referrals.some((r) => r.id === referralId);
  const [pickerFor, setPickerFor] = useState<MatchingReferral | null>(null);
  const [confirm, setConfirm] = useState<{ referral: MatchingReferral; provider: DirectoryProvider } | null>(
    null,
  );
  const [success, setSuccess] = useState<string[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const clearPreset = () => {
    params.delete('provider_id');
    setParams(params, { replace: true });
  };
  const choose = (referral: MatchingReferral, provider: DirectoryProvider) => {
    match.reset();
    setLoadError(null);
    setConfirm({ referral, provider });
  };

  return (
    <Stack>
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
          Back
        </Button>
      </Group>
      <Title order={2}>Unpublished Referrals - Manual Matching</Title>

      {success && (
        <Alert color="green" withCloseButton onClose={() => setSuccess(null)} role="status">
          {success.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}

      {loadError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setLoadError(null)}>
          {loadError}
        </Alert>
      )}

      {referralMissing && (
        <Alert color="yellow" role="status">
          The referral you came from is not listed here: this screen matches Pending referrals that do not use
          the matching engine. Use Auto-Match on its details page instead.
        </Alert>
      )}

      {presetId !== null && preset.data && (
        <Card withBorder aria-label="Provider Selected from My Providers">
          <Group justify="space-between">
            <div>
              <Text fw={600}>Provider Selected from My Providers</Text>
              <Text size="sm">{preset.data.organization_name}</Text>
            </div>
            <Button variant="default" onClick={clearPreset}>
              Clear Selection
            </Button>
          </Group>
        </Card>
      )}

      {list.isPending && (
        <Center>
          <Loader aria-label="Loading referrals" />
        </Center>
      )}
      {list.isError && (
        <LoadErrorAlert
          error={list.error}
          title={errorText(list.error, MATCHING_MESSAGES.fetchReferralsFailed)}
          message={MATCHING_MESSAGES.backendUnavailable}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && list.data.referrals.length === 0 && (
        <Card withBorder>
          <Text fw={600}>{MATCHING_MESSAGES.noUnpublished}</Text>
        </Card>
      )}

      {list.data?.referrals.map((r) => {
        const active = activeId === r.id;
        return (
          <Card key={r.id} withBorder component="article" aria-label={`Referral #${r.referral_number}`}>
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={600}>
                  #{r.referral_number} · {r.member_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {[r.city, r.state, r.zip_code].filter(Boolean).join(', ')} · {urgencyLabel(r.urgency)}
                </Text>
                <Text size="sm">{r.sdoh_needs.join(', ')}</Text>
              </div>
              <Group gap="xs">
                <Badge color="orange">{r.status_label}</Badge>
                {preset.data ? (
                  <Button onClick={() => choose(r, preset.data)}>
                    Match with {preset.data.organization_name}
                  </Button>
                ) : (
                  <Button
                    onClick={() => setActiveId(active ? null : r.id)}
                    variant={active ? 'light' : 'filled'}
                  >
                    Select Provider
                  </Button>
                )}
              </Group>
            </Group>
            {active && !preset.data && (
              <Stack mt="md" gap="sm" aria-label={`Provider chooser for referral #${r.referral_number}`}>
                <Group gap="xs">
                  <Button variant="default" onClick={() => navigate('/provider-directory')}>
                    Open Full Provider Directory
                  </Button>
                  <Button variant="default" onClick={() => setPickerFor(r)}>
                    Quick Provider Search
                  </Button>
                </Group>
                {list.data.recent_providers.length > 0 && (
                  <div>
                    <Text size="sm" fw={600}>
                      Recently Matched Providers
                    </Text>
                    <Group gap="xs" mt={4}>
                      {list.data.recent_providers.slice(0, RECENT_MATCHES_COUNT).map((p) => (
                        <Button key={p.id} size="xs" variant="light" onClick={() => choose(r, p)}>
                          {p.organization_name}
                        </Button>
                      ))}
                    </Group>
                  </div>
                )}
                <Text size="sm" fw={600}>
                  AI Match Results
                </Text>
                <MatchResults
                  referralId={r.id}
                  onCreateReferral={(c) =>
                    getProvider(c.cbo_id).then(
                      (p) => choose(r, p),
                      (e: unknown) => setLoadError(errorText(e, PROVIDER_MESSAGES.providerDetailsFailed)),
                    )
                  }
                />
              </Stack>
            )}
          </Card>
        );
      })}

      <ProviderPickerDialog
        opened={pickerFor !== null}
        onClose={() => setPickerFor(null)}
        memberLocation={
          pickerFor?.latitude != null && pickerFor.longitude != null
            ? { latitude: pickerFor.latitude, longitude: pickerFor.longitude }
            : null
        }
        onSelect={(p) => pickerFor && choose(pickerFor, p)}
      />
      <ConfirmMatchModal
        key={confirm ? `${confirm.referral.id}-${confirm.provider.id}` : 'none'}
        referral={confirm?.referral ?? null}
        provider={confirm?.provider ?? null}
        busy={match.isPending}
        error={match.isError ? errorText(match.error, PROVIDER_MESSAGES.matchFailed) : null}
        onCancel={() => setConfirm(null)}
        onConfirm={(method) =>
          confirm &&
          match.mutate(
            {
              referralId: confirm.referral.id,
              body: {
                provider_id: confirm.provider.id,
                provider_name: confirm.provider.organization_name,
                provider_organization: confirm.provider.organization_name,
                ...toMatchMethod(method),
              },
            },
            {
              onSuccess: (out) => {
                setConfirm(null);
                setActiveId(null);
                setSuccess(successLines(out));
                // Matched: it leaves the list, which is no reason to say it is missing.
                if (referralId !== null) {
                  params.delete('referral_id');
                  setParams(params, { replace: true });
                }
              },
            },
          )
        }
      />
    </Stack>
  );
}
