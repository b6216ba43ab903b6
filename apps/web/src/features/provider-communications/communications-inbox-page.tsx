import { Stack } from '@mantine/core';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { CommunicationsInbox } from '../../components/communications/communications-inbox.tsx';
import { canTriageUnmatched } from './can-triage.ts';

/**
 * The organization's Communications inbox at /provider-communications (001 §2.11): every thread with every
 * provider; platform operators also see the inbound messages nobody could place and file them under a referral
 * of the organization they act for (issue #12).
 */
export function CommunicationsInboxPage() {
  const { user } = useAuth();
  return (
    <Stack gap="md">
      <CommunicationsInbox
        scope={{ kind: 'organization' }}
        canTriage={canTriageUnmatched(user)}
        headingOrder={2}
        providerHref={(c) =>
          c.provider_id === null
            ? null
            : `${tabPath('provider-communications', c.provider_id)}${c.referral_id ? `?referral_id=${c.referral_id}` : ''}`
        }
      />
    </Stack>
  );
}
