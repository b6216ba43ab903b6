import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  CONSENT_DOCUMENT_LABELS,
  CONSENT_MESSAGES,
  type ConsentDocumentType,
  type ConsentStatus,
} from '@trust/domain';
import { useConsentHistory } from '../../api/consent/get-consent-history.ts';
import { useRevokeSignature } from '../../api/consent/revoke-signature.ts';
import { errorText } from '../../api/errors.ts';

function formatTime(value: string | null): string {
  return value ? new Date(value).toLocaleString() : '—';
}

function documentRow(status: ConsentStatus, type: ConsentDocumentType) {
  const terms = type === 'terms_of_use';
  return {
    type,
    current: terms ? status.terms_current_version : status.hipaa_current_version,
    signed: terms ? status.terms_signed_version : status.hipaa_signed_version,
    signedAt: terms ? status.terms_signed_at : status.hipaa_signed_at,
    needsUpdate: terms ? status.terms_needs_update : status.hipaa_needs_update,
  };
}

/** 003 §2.12 consent history: status banner, each document's versions, update notice, signature list. */
export function ConsentHistory() {
  const history = useConsentHistory();
  const revoke = useRevokeSignature();

  if (history.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading consent history" />
      </Center>
    );
  if (history.error)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorText(history.error, CONSENT_MESSAGES.historyFailed)}
      </Alert>
    );

  const { status, signatures } = history.data;
  const rows = (['terms_of_use', 'hipaa_authorization'] as const).map((t) => documentRow(status, t));
  return (
    <Stack gap="md">
      {status.all_consents_current ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="All consents are current">
          You have signed the current version of every consent document.
        </Alert>
      ) : (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Consent update required">
          A newer version of a consent document needs your signature. You will be asked to sign it at your
          next sign-in.
        </Alert>
      )}
      <Stack gap="xs">
        {rows.map((r) => (
          <Card key={r.type} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{CONSENT_DOCUMENT_LABELS[r.type]}</Text>
              {r.needsUpdate && (
                <Badge color="orange" variant="light">
                  Update required
                </Badge>
              )}
            </Group>
            <Text size="sm">Current version: {r.current ?? 'None published'}</Text>
            <Text size="sm">Signed version: {r.signed ?? 'Not signed'}</Text>
            <Text size="sm">Last signed: {formatTime(r.signedAt)}</Text>
          </Card>
        ))}
      </Stack>
      <Text fw={600}>Signature history</Text>
      {signatures.length === 0 ? (
        <Text c="dimmed" size="sm">
          No signatures yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Signature history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Signature</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signatures.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{CONSENT_DOCUMENT_LABELS[s.document_type]}</Table.Td>
                  <Table.Td>{s.document_version}</Table.Td>
                  <Table.Td>{formatTime(s.signed_at)}</Table.Td>
                  <Table.Td>{s.signature_text}</Table.Td>
                  <Table.Td>
                    {s.revoked ? (
                      <Badge color="red" variant="light">
                        Revoked
                      </Badge>
                    ) : (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        loading={revoke.isPending && revoke.variables === s.id}
                        onClick={() => {
                          if (
                            window.confirm(
                              'Revoke this signature? You will need to sign this document again before you can go on using Trust Marketplace.',
                            )
                          )
                            revoke.mutate(s.id);
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {revoke.error && (
        <Alert color="red" role="alert">
          {errorText(revoke.error, 'Failed to revoke signature')}
        </Alert>
      )}
    </Stack>
  );
}
