import { Divider, Pagination, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useReferralScreenshots } from '../../api/referrals/get-referral-screenshots.ts';
import { tabPath } from '../../app/navigation/tabs.ts';
import { CommunicationRecordList } from '../../components/communications/communication-record-list.tsx';
import { CommunicationsInbox } from '../../components/communications/communications-inbox.tsx';
import { WebFormSubmissionCard } from '../../components/communications/web-form-submission-card.tsx';

/** 000 §7 screenshots: the provider web-form submissions, shown once there are some. */
function WebFormSubmissions({ referralId }: { referralId: number }) {
  const [page, setPage] = useState(1);
  const list = useReferralScreenshots(referralId, page);
  const data = list.data;
  if (!data || data.total === 0) return null;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <Stack gap="sm" component="section" aria-label="Web Form Submissions">
      <Title order={4}>Web Form Submissions</Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.screenshots.map((record) => (
          <WebFormSubmissionCard key={record.id} record={record} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Web form pages" />
      )}
    </Stack>
  );
}

/**
 * 000 §2.7 Communications tab with 001 §2.11: the referral's conversations with providers (the inbox, with
 * its SMS and email panels), every communication about it of any channel (SMS, email, calls, voicemails, web
 * forms, the member's notices), and the web-form submissions with their screenshots.
 */
export function CommunicationsTab({ referralId }: { referralId: number }) {
  return (
    <Stack gap="lg">
      <CommunicationsInbox
        scope={{ kind: 'referral', referralId }}
        providerHref={(c) =>
          c.provider_id === null
            ? null
            : `${tabPath('provider-communications', c.provider_id)}?referral_id=${referralId}`
        }
      />
      <Divider />
      <CommunicationRecordList
        referralId={referralId}
        emptyText="Messages, calls and web forms about this referral (SMS and email with providers, the member's notices) will appear here."
      />
      <WebFormSubmissions referralId={referralId} />
    </Stack>
  );
}
