import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrgRole } from '@trust/domain';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { emptyForm } from './form-values.ts';
import { REFERRAL_FORM_MESSAGES as M } from './messages.ts';
import { PageHeader } from './page-header.tsx';
import { ReferralForm } from './referral-form.tsx';

/** The create-referral tab (000 §2.1) for the signed-in user's active organization. */
export function CreateReferralPage() {
  const { user } = useAuth();
  return (
    <CreateReferralScreen hasOrganization={Boolean(user?.active_cbo_id)} orgRole={user?.org_role ?? null} />
  );
}

/**
 * 000 §2.1 "Create New Referral". After a successful create: a notice with the referral number, the form
 * resets, and the user goes to the queue when the matching engine was chosen, else to the unpublished
 * referrals to choose a provider (000 §2.1, 003 §2.1). Viewers (002 §6) cannot create; the server refuses too.
 */
export function CreateReferralScreen({
  hasOrganization,
  orgRole,
}: {
  hasOrganization: boolean;
  orgRole: OrgRole | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // A fresh form each visit; the form keeps its own values from here on.
  const [initial] = useState(emptyForm);
  const canCreate = orgRole !== null && orgRole !== 'viewer';

  const goBack = () => {
    // Opened directly (nothing earlier in this visit): the queue is where referrals live.
    if (location.key === 'default') navigate(tabPath('queue'));
    else navigate(-1);
  };

  return (
    <Stack gap="lg">
      <PageHeader title={M.createTitle} onBack={goBack} />
      {!hasOrganization ? (
        <Alert color="yellow">{M.noOrganization}</Alert>
      ) : !canCreate ? (
        <Alert color="yellow">{M.viewerCannotCreate}</Alert>
      ) : (
        <ReferralForm
          mode="create"
          initial={initial}
          onCancel={goBack}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              title: M.created,
              message: M.createdText(
                saved.referralNumber,
                saved.useMatchingEngine,
                saved.matchedProviderCount,
              ),
              autoClose: 8000,
            });
            navigate(tabPath(saved.useMatchingEngine ? 'queue' : 'finder'));
          }}
        />
      )}
    </Stack>
  );
}
