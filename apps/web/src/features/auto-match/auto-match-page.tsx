import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  MATCHING_MESSAGES,
  type MatchedProviderEntry,
  type MatchingReferral,
  removeProviderConfirm,
} from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useAutoMatchReferral } from '../../api/matching/auto-match-referral.ts';
import { useChangeMatchedProvider } from '../../api/matching/change-matched-provider.ts';
import { useAutoMatchOverview } from '../../api/matching/get-auto-match-overview.ts';
import { useRemoveMatchedProvider } from '../../api/matching/remove-matched-provider.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { ProviderPickerDialog } from '../../components/provider-picker/provider-picker-dialog.tsx';
import { SendToProvidersDialog } from '../../components/send-referral/send-to-providers-dialog.tsx';
import { AlgorithmStatus } from './algorithm-status.tsx';
import { MatchedProviderRow } from './matched-provider-row.tsx';

type Target = { referral: MatchingReferral; entry: MatchedProviderEntry };

/**
 * 001 §2.9 Auto-Match Referrals: Pending referrals get an Auto-Match button (the server picks the 4 nearest
 * suitable providers within 50 miles); auto-matched ones list their providers, each changeable or removable
 * while pending or sent. Removing the last reverts the referral to Pending (the server does it and says so).
 */
export function AutoMatchPage() {
  const overview = useAutoMatchOverview();
  const autoMatch = useAutoMatchReferral();
  const change = useChangeMatchedProvider();
  const remove = useRemoveMatchedProvider();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const [changing, setChanging] = useState<Target | null>(null);
  const [removing, setRemoving] = useState<Target | null>(null);
  const [sending, setSending] = useState<MatchingReferral | null>(null);

  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (overview.isPending) {
    return (
      <Center>
        <Loader aria-label="Loading referrals" />
      </Center>
    );
  }
  if (overview.isError) {
    return (
      <LoadErrorAlert
        error={overview.error}
        title="Auto-Match Referrals"
        message={`Error: ${errorText(overview.error, MATCHING_MESSAGES.fetchReferralsFailed)}`}
        onRetry={() => void overview.refetch()}
      />
    );
  }

  const busy = autoMatch.isPending || change.isPending || remove.isPending;
  const isLast = removing !== null && removing.referral.matched_providers.length === 1;

  return (
    <Stack>
      <Title order={2}>Auto-Match Referrals</Title>
      <AlgorithmStatus
        algorithm={overview.data.algorithm}
        refreshing={overview.isFetching}
        onRefresh={() => overview.refetch()}
      />
      {notice && (
        <Alert
          color={notice.color}
          role={notice.color === 'red' ? 'alert' : 'status'}
          withCloseButton
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      {overview.data.referrals.length === 0 && (
        <Card withBorder>
          <Text>{MATCHING_MESSAGES.noAutoMatchReferrals}</Text>
        </Card>
      )}
      {overview.data.referrals.map((r) => {
        const autoMatched = r.status_label === 'Auto-Matched';
        return (
          <Card key={r.id} withBorder component="article" aria-label={`Referral #${r.referral_number}`}>
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={600}>
                  #{r.referral_number} · {r.member_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {[r.city, r.state, r.zip_code].filter(Boolean).join(', ')} · {r.sdoh_needs.join(', ')}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={autoMatched ? 'blue' : 'orange'}>{r.status_label}</Badge>
                {r.status === 'pending' && (
                  <Button
                    size="xs"
                    loading={autoMatch.isPending && autoMatch.variables === r.id}
                    disabled={busy}
                    onClick={() =>
                      autoMatch.mutate(r.id, {
                        onSuccess: (out) => {
                          setOpen((s) => new Set(s).add(r.id));
                          setNotice({
                            color: 'green',
                            text: `Matched ${out.matched_providers.length} providers to referral #${r.referral_number}.`,
                          });
                        },
                        onError: (e) =>
                          setNotice({ color: 'red', text: errorText(e, MATCHING_MESSAGES.autoMatchFailed) }),
                      })
                    }
                  >
                    Auto-Match
                  </Button>
                )}
                {/* 001 §2.9: shown when any matched provider is pending. */}
                {autoMatched && r.matched_providers.some((m) => m.status === 'pending') && (
                  <Button size="xs" disabled={busy} onClick={() => setSending(r)}>
                    Send to Providers
                  </Button>
                )}
                {autoMatched && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => toggle(r.id)}
                    aria-expanded={open.has(r.id)}
                  >
                    {open.has(r.id) ? 'Hide' : 'Show'} matched providers ({r.matched_providers.length})
                  </Button>
                )}
              </Group>
            </Group>
            {autoMatched && open.has(r.id) && (
              <Stack
                component="ul"
                gap="xs"
                mt="sm"
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={`Matched providers of referral #${r.referral_number}`}
              >
                {r.matched_providers.map((entry) => (
                  <MatchedProviderRow
                    key={entry.provider_id}
                    entry={entry}
                    busy={busy}
                    onChange={() => setChanging({ referral: r, entry })}
                    onRemove={() => setRemoving({ referral: r, entry })}
                  />
                ))}
              </Stack>
            )}
          </Card>
        );
      })}

      <ProviderPickerDialog
        opened={changing !== null}
        title="Change Provider"
        onClose={() => setChanging(null)}
        selectedIds={changing?.referral.matched_providers.map((m) => m.provider_id) ?? []}
        memberLocation={
          changing?.referral.latitude != null && changing.referral.longitude != null
            ? { latitude: changing.referral.latitude, longitude: changing.referral.longitude }
            : null
        }
        onSelect={(p) => {
          if (!changing) return;
          change.mutate(
            { referralId: changing.referral.id, providerId: changing.entry.provider_id, newProviderId: p.id },
            {
              onSuccess: (out) => setNotice({ color: 'green', text: out.message }),
              onError: (e) =>
                setNotice({ color: 'red', text: errorText(e, MATCHING_MESSAGES.updateProviderFailed) }),
            },
          );
        }}
      />
      {sending && (
        <SendToProvidersDialog
          opened
          referral={sending}
          providers={sending.matched_providers}
          onClose={() => setSending(null)}
          onSent={(result) => setNotice({ color: 'green', text: result.message })}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Provider"
        message={removing ? removeProviderConfirm(removing.entry.organization_name, isLast) : ''}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { referralId: removing.referral.id, providerId: removing.entry.provider_id },
            {
              onSuccess: (out) => {
                setRemoving(null);
                setNotice({ color: 'green', text: out.message });
              },
              onError: (e) => {
                setRemoving(null);
                const fallback = isLast
                  ? MATCHING_MESSAGES.revertFailed
                  : MATCHING_MESSAGES.removeProviderFailed;
                setNotice({ color: 'red', text: errorText(e, fallback) });
              },
            },
          );
        }}
      />
    </Stack>
  );
}
