import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ClientReferral, type OrgRole, REFERRAL_MESSAGES } from '@trust/domain';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors.ts';
import { useReferral } from '../../api/referrals/get-referral.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { tabPath } from '../../app/navigation/tabs.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { formFromReferral } from './form-values.ts';
import { REFERRAL_FORM_MESSAGES as M } from './messages.ts';
import { PageHeader } from './page-header.tsx';
import { ReferralForm } from './referral-form.tsx';

/** The id of `/queue/:id/edit`, or null when it is not a referral id at all. */
function referralIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

function subtitleOf(referral: ClientReferral): string {
  return `Referral #${referral.referralNumber} for ${referral.memberName}`;
}

/** The queue's edit view (000 §2.1 edit mode) at /queue/:id/edit. */
export function EditReferralPage() {
  const { user } = useAuth();
  const params = useParams();
  return <EditReferralScreen id={referralIdOf(params.id)} orgRole={user?.org_role ?? null} />;
}

/**
 * "Edit Referral" with a subtitle naming the member: the form prefilled from the referral (000 §3.1), its
 * Medicaid ID locked, saved with PUT (id and createdAt kept by the server); afterwards back to the referral's
 * details. Only the organization that created the referral edits it, and not as a viewer (002 §6).
 */
export function EditReferralScreen({ id, orgRole }: { id: number | null; orgRole: OrgRole | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const referral = useReferral(id);
  const details = id === null ? tabPath('queue') : tabPath('queue', id);

  const goBack = () => {
    if (location.key === 'default') navigate(details);
    else navigate(-1);
  };

  const header = (subtitle?: string) => (
    <PageHeader title={M.editTitle} subtitle={subtitle} onBack={goBack} />
  );

  if (id === null) return notFound(goBack);
  if (referral.isPending) {
    return (
      <Stack gap="lg">
        {header()}
        <Center py="xl">
          <Loader aria-label="Loading referral" />
        </Center>
      </Stack>
    );
  }
  if (!referral.data) {
    const error = referral.error;
    if (error instanceof ApiError && error.status === 404) return notFound(goBack);
    return (
      <Stack gap="lg">
        {header()}
        <LoadErrorAlert
          error={error}
          title="Could not load this referral"
          onRetry={() => void referral.refetch()}
        />
      </Stack>
    );
  }

  const data = referral.data;
  const refusal =
    data.viewerRole !== 'owner'
      ? REFERRAL_MESSAGES.onlyOwnerChanges
      : orgRole === null || orgRole === 'viewer'
        ? M.viewerCannotEdit
        : null;
  return (
    <Stack gap="lg">
      {header(subtitleOf(data))}
      {refusal ? (
        <Alert color="yellow">{refusal}</Alert>
      ) : (
        <ReferralForm
          key={data.id}
          mode="edit"
          referralId={Number(data.id)}
          initial={formFromReferral(data)}
          onCancel={goBack}
          onSaved={(saved) => {
            notifications.show({
              color: 'green',
              title: M.updated,
              message: M.updatedText(saved.referralNumber),
              autoClose: 6000,
            });
            navigate(tabPath('queue', Number(saved.id)));
          }}
        />
      )}
    </Stack>
  );
}

function notFound(onBack: () => void) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs" align="center" ta="center">
        <Title order={2}>{M.notFoundTitle}</Title>
        <Text c="dimmed">{M.notFoundText}</Text>
        <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={onBack} mt="sm">
          Go Back
        </Button>
      </Stack>
    </Paper>
  );
}
