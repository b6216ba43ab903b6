import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import {
  CONSENT_DOCUMENT_LABELS,
  CONSENT_MESSAGES,
  type ConsentDocumentType,
  type ConsentStatus,
  type SignatureRecord,
} from '@trust/domain';
import { useConsentHistory } from '../../api/consent/get-consent-history.ts';
import { useRevokeSignature } from '../../api/consent/revoke-signature.ts';
import { errorText } from '../../api/errors.ts';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';

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
      <LoadErrorAlert
        error={history.error}
        what="consent history"
        message={errorText(history.error, CONSENT_MESSAGES.historyFailed)}
        onRetry={() => void history.refetch()}
      />
    );

  const columns: DataTableColumn<SignatureRecord>[] = [
    { key: 'document', header: 'Document', cell: (s) => CONSENT_DOCUMENT_LABELS[s.document_type] },
    { key: 'version', header: 'Version', cell: (s) => s.document_version },
    { key: 'date', header: 'Date', cell: (s) => formatDateTime(s.signed_at) },
    { key: 'signature', header: 'Signature', cell: (s) => s.signature_text },
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (s) =>
        s.revoked ? (
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
        ),
    },
  ];

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
            <Text size="sm">Last signed: {formatDateTime(r.signedAt)}</Text>
          </Card>
        ))}
      </Stack>
      <Text fw={600}>Signature history</Text>
      <DataTable<SignatureRecord>
        label="Signature history"
        columns={columns}
        rows={signatures}
        rowKey={(s) => s.id}
        empty="No signatures yet."
        minWidth={480}
        tableProps={{ striped: true }}
      />
      {revoke.error && (
        <Alert color="red" role="alert">
          {errorText(revoke.error, 'Failed to revoke signature')}
        </Alert>
      )}
    </Stack>
  );
}
