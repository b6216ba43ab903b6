import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  CONSENT_DOCUMENT_LABELS,
  CONSENT_MESSAGES,
  CONSENT_SUCCESS_CLOSE_MS,
  type ConsentDocument,
  type ConsentDocumentType,
  type ConsentStatus,
  signConsentRequestSchema,
} from '@trust/domain';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useActiveDocuments } from '../../api/consent/get-active-documents.ts';
import { getPendingConsentHistory } from '../../api/consent/get-consent-history.ts';
import { signConsent } from '../../api/consent/sign-consent.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

export interface ConsentDialogProps {
  /** The login answer's consent status; when absent (page load) it is read from the history call. */
  consentStatus: ConsentStatus | null;
  /** Called when the success view closes (after 2000 ms): the login completes (003 §4.1 step 3). */
  onComplete: () => void;
  /** Abandons the sign-in (the server refuses this session everything else until the consents are signed). */
  onCancel?: () => void;
}

type Step = 'terms' | 'hipaa' | 'complete';
type Signing = 'terms' | 'hipaa';
type StepForm = { agree: boolean; signature: string; binding: boolean };
const EMPTY_FORM: StepForm = { agree: false, signature: '', binding: false };
type StepField = keyof StepForm;

const isValid = (f: StepForm) => f.agree && f.binding && f.signature.trim() !== '';

function updatedNames(status: ConsentStatus): string {
  if (status.terms_needs_update && status.hipaa_needs_update) return 'Terms of Use and HIPAA Authorization';
  return status.terms_needs_update ? 'Terms of Use' : 'HIPAA Authorization';
}

/**
 * 003 §2.8, §4.2, §5 consent update dialog: full screen; terms, then HIPAA, then complete. Both signatures are
 * submitted on 'Complete', in order, and signing stops at the first failure.
 */
export function ConsentDialog({ consentStatus, onComplete, onCancel }: ConsentDialogProps) {
  const statusQuery = useQuery({
    queryKey: ['consent', 'pending-status'],
    queryFn: async () => (await getPendingConsentHistory()).status,
    enabled: consentStatus === null,
    retry: false,
    // Read for this dialog only: the next one may belong to another sign-in.
    gcTime: 0,
  });
  const status = consentStatus ?? statusQuery.data ?? null;
  const documents = useActiveDocuments();

  const loadError = documents.error ?? statusQuery.error;
  return (
    <Modal
      opened
      onClose={() => undefined}
      fullScreen
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      // Above any dialog already open (a revocation from the profile panel holds the session at once), below
      // the session-timeout warning (400).
      zIndex={350}
      title={<Title order={2}>{CONSENT_MESSAGES.title}</Title>}
      aria-label={CONSENT_MESSAGES.title}
    >
      <Box maw={820} mx="auto">
        {loadError ? (
          <Stack>
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorText(loadError, CONSENT_MESSAGES.loadFailed)}
            </Alert>
            {onCancel && (
              <Group justify="flex-end">
                <Button variant="default" onClick={onCancel}>
                  Sign Out
                </Button>
              </Group>
            )}
          </Stack>
        ) : !status || !documents.data ? (
          <Center py="xl">
            <Loader aria-label="Loading consent documents" />
          </Center>
        ) : (
          <ConsentSteps
            status={status}
            documents={documents.data}
            onComplete={onComplete}
            onCancel={onCancel}
          />
        )}
      </Box>
    </Modal>
  );
}

function ConsentSteps({
  status,
  documents,
  onComplete,
  onCancel,
}: {
  status: ConsentStatus;
  documents: ConsentDocument[];
  onComplete: () => void;
  onCancel?: () => void;
}) {
  const terms = documents.find((d) => d.document_type === 'terms_of_use') ?? null;
  const hipaa = documents.find((d) => d.document_type === 'hipaa_authorization') ?? null;
  const needsTerms = status.terms_needs_update && terms !== null;
  const needsHipaa = status.hipaa_needs_update && hipaa !== null;
  const both = needsTerms && needsHipaa;

  const [step, setStep] = useState<Step>(needsTerms ? 'terms' : 'hipaa');
  // The document of the step on screen (the complete view shows none).
  const signing: Signing = step === 'terms' ? 'terms' : 'hipaa';
  const form = useZodForm({
    // Each step's signature is checked as the server checks the request that signs its document.
    schema: signConsentRequestSchema,
    initialValues: { terms: EMPTY_FORM, hipaa: EMPTY_FORM },
    toInput: (values) => ({
      document_id: (signing === 'terms' ? terms : hipaa)?.id,
      signature_text: values[signing].signature,
    }),
    fieldOf: (field) => (field === 'signature_text' ? `${signing}.signature` : field),
    // 003 §5: one message for the step (both boxes ticked and a name typed), the alert's.
    rules: (values) =>
      isValid(values[signing])
        ? {}
        : { [signing]: signing === 'terms' ? CONSENT_MESSAGES.termsInvalid : CONSENT_MESSAGES.hipaaInvalid },
  });
  const [submitting, setSubmitting] = useState(false);
  // A retry after a failure does not sign again what already went through.
  const signed = useRef(new Set<ConsentDocumentType>());

  const complete = useEffectEvent(onComplete);
  useEffect(() => {
    if (step !== 'complete') return;
    const timer = window.setTimeout(() => complete(), CONSENT_SUCCESS_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  // 003 §8: if neither document loaded, the dialog shows only the error.
  if (!needsTerms && !needsHipaa) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {CONSENT_MESSAGES.loadFailed}
      </Alert>
    );
  }

  if (step === 'complete') {
    return (
      <Stack align="center" py="xl" gap="md">
        <ThemeIcon color="teal" size={64} radius="xl" variant="light">
          <IconCircleCheck size={40} />
        </ThemeIcon>
        <Title order={3}>{CONSENT_MESSAGES.success}</Title>
        <Text c="dimmed" ta="center">
          Thank you for reviewing and signing the updated documents. Your signatures have been recorded and
          you will be signed in in a moment.
        </Text>
      </Stack>
    );
  }

  const current = step === 'terms' ? terms! : hipaa!;
  const values = form.values[signing];
  // Any change takes the last message away.
  const clearMessages = () => {
    form.clearErrors();
    form.setFormError(null);
  };
  const setField = (field: StepField, value: boolean | string) => {
    clearMessages();
    form.setFieldValue(`${signing}.${field}`, value);
  };
  // The step's own message first, then a refused signature (its field may be on the other step).
  const error = form.errors[signing] ?? form.formError ?? Object.values(form.errors)[0] ?? null;

  const submit = async () => {
    setSubmitting(true);
    const queue: { key: Signing; type: ConsentDocumentType; doc: ConsentDocument; failed: string }[] = [];
    if (needsTerms)
      queue.push({
        key: 'terms',
        type: 'terms_of_use',
        doc: terms!,
        failed: CONSENT_MESSAGES.signTermsFailed,
      });
    if (needsHipaa)
      queue.push({
        key: 'hipaa',
        type: 'hipaa_authorization',
        doc: hipaa!,
        failed: CONSENT_MESSAGES.signHipaaFailed,
      });
    const all = form.getValues();
    for (const item of queue) {
      if (signed.current.has(item.type)) continue;
      try {
        await signConsent({ document_id: item.doc.id, signature_text: all[item.key].signature.trim() });
        signed.current.add(item.type);
      } catch (e) {
        if (e instanceof ApiError)
          applyServerErrors(form, e, item.failed, {
            fieldOf: (field) => (field === 'signature_text' ? `${item.key}.signature` : field),
          });
        else form.setFormError(CONSENT_MESSAGES.submitFailed);
        setSubmitting(false);
        return;
      }
    }
    setSubmitting(false);
    setStep('complete');
  };

  const onPrimary = form.onSubmit(() => {
    if (step === 'terms' && needsHipaa) {
      setStep('hipaa');
      return;
    }
    void submit();
  });

  const label = CONSENT_DOCUMENT_LABELS[current.document_type];
  return (
    <Stack gap="md">
      <Text>
        We have updated our <strong>{updatedNames(status)}</strong>. Please review and sign to continue using
        Trust Marketplace.
      </Text>
      {both && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={step === 'terms' ? 700 : 400}>
              Step 1: Terms of Use
            </Text>
            <Text size="sm" fw={step === 'hipaa' ? 700 : 400}>
              Step 2: HIPAA Authorization
            </Text>
          </Group>
          <Progress value={step === 'terms' ? 50 : 100} aria-label="Consent progress" />
        </Stack>
      )}
      <div>
        <Title order={3}>{current.title}</Title>
        <Text size="sm" c="dimmed">
          Version {current.version}
        </Text>
      </div>
      {current.summary && (
        <Alert color="blue" variant="light" icon={<IconSparkles size={18} />} title="What's New" role="note">
          {current.summary}
        </Alert>
      )}
      <Paper
        withBorder
        p="md"
        tabIndex={0}
        aria-label={`${label} text`}
        style={{ maxHeight: 384, overflowY: 'auto', whiteSpace: 'pre-wrap' }}
      >
        <Text size="sm">{current.content}</Text>
      </Paper>
      <Checkbox
        label={
          step === 'terms'
            ? 'I have read and agree to the Terms of Use'
            : 'I have read and agree to the HIPAA Authorization'
        }
        checked={values.agree}
        onChange={(e) => setField('agree', e.currentTarget.checked)}
        disabled={submitting}
      />
      <TextInput
        label="Electronic signature (type your full name)"
        placeholder="Your full name"
        value={values.signature}
        onChange={(e) => setField('signature', e.currentTarget.value)}
        // Its message (a refused signature) is in the alert below.
        error={Boolean(form.errors[`${signing}.signature`])}
        disabled={submitting}
        autoComplete="name"
      />
      <Checkbox
        label="I understand that my typed name is a legally binding electronic signature"
        checked={values.binding}
        onChange={(e) => setField('binding', e.currentTarget.checked)}
        disabled={submitting}
      />
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Group>
          {onCancel && (
            <Button variant="subtle" color="gray" onClick={onCancel} disabled={submitting}>
              Sign Out
            </Button>
          )}
        </Group>
        <Group>
          {step === 'hipaa' && needsTerms && (
            <Button
              variant="default"
              onClick={() => {
                clearMessages();
                setStep('terms');
              }}
              disabled={submitting}
            >
              Back to Terms
            </Button>
          )}
          <Button onClick={() => onPrimary()} disabled={submitting}>
            {submitting
              ? 'Submitting...'
              : step === 'terms' && needsHipaa
                ? 'Continue to HIPAA Authorization'
                : 'Complete'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
