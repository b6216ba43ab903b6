import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { OrgRole } from '@trust/domain';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { OtfRtfForm } from './otf-rtf-form.tsx';
import { OtfRtfSubmissions } from './otf-rtf-submissions.tsx';

/** The otfrtf tab (000 §2.9) for the signed-in user's active organization. */
export function OtfRtfPage() {
  const { user } = useAuth();
  return <OtfRtfScreen hasOrganization={Boolean(user?.active_cbo_id)} orgRole={user?.org_role ?? null} />;
}

/**
 * 000 §2.9: title with the badges HIPAA Compliant, Real-time Processing and Automated Tracking; the form; below
 * it, the organization's submissions. Viewers (002 §6) read the list; the server refuses their submissions.
 */
export function OtfRtfScreen({
  hasOrganization,
  orgRole,
}: {
  hasOrganization: boolean;
  orgRole: OrgRole | null;
}) {
  const canSubmit = orgRole !== null && orgRole !== 'viewer';
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>OTF/RTF Submission</Title>
        <Group gap="xs" mt="xs">
          <Badge color="green" variant="light">
            HIPAA Compliant
          </Badge>
          <Badge color="blue" variant="light">
            Real-time Processing
          </Badge>
          <Badge color="grape" variant="light">
            Automated Tracking
          </Badge>
        </Group>
      </div>
      {!hasOrganization ? (
        <Alert color="yellow">Select an organization to submit and see OTF/RTF forms.</Alert>
      ) : (
        <>
          {!canSubmit && (
            <Text size="sm" c="dimmed">
              Your role in this organization can read submissions but not submit them.
            </Text>
          )}
          <OtfRtfForm canSubmit={canSubmit} />
          <OtfRtfSubmissions />
        </>
      )}
    </Stack>
  );
}
