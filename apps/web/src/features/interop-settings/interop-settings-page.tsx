import { Alert, Stack, Text, Title } from '@mantine/core';
import { ORG_ADMIN_ROLES, type OrgRole } from '@trust/domain';
import { INTEROP_TEXT as T } from '@trust/domain/interop-settings';
import { useAuth } from '../../app/auth/auth-context.tsx';
import { ApiClientsSection } from './api-clients-section.tsx';
import { FhirApiSection } from './fhir-api-section.tsx';
import { usePublicBase } from './get-capability-statement.ts';
import { HsdsSection } from './hsds-section.tsx';
import { InteropSection } from './interop-section.tsx';
import { SubscriptionsSection } from './subscriptions-section.tsx';

// Issue #21 item 3: what an organization's admins need to connect other systems to it — the FHIR API (base URL,
// implementation guide, CapabilityStatement, token URL), the API clients those systems sign in with, the FHIR
// subscriptions that notify them and how their deliveries went, and the open HSDS directory API.

export function InteropSettingsPage() {
  const { user } = useAuth();
  return <InteropSettingsScreen orgRole={user?.org_role ?? null} />;
}

export function InteropSettingsScreen({
  orgRole,
  origin = window.location.origin,
}: {
  orgRole: OrgRole | null;
  /** Where this app is served: the URLs other systems call start there. */
  origin?: string;
}) {
  // The server refuses the API clients and subscriptions to anyone else; the open APIs are shown to all.
  const isAdmin = orgRole ? ORG_ADMIN_ROLES.includes(orgRole) : false;
  const base = usePublicBase(origin);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{T.title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </div>
      {!isAdmin && <Alert color="yellow">{T.adminsOnly}</Alert>}
      <InteropSection title={T.fhirHeading}>
        <FhirApiSection base={base} />
      </InteropSection>
      {isAdmin && <ApiClientsSection />}
      {isAdmin && <SubscriptionsSection base={base} />}
      <InteropSection title={T.hsdsHeading}>
        <HsdsSection base={base} />
      </InteropSection>
    </Stack>
  );
}
