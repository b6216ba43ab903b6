import { Alert, Anchor, Button, Group, List, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  type ClientReferral,
  type MemberLookup,
  referralCreateSchema,
  referralUpdateSchema,
  type VoiceFormPatch,
} from '@trust/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { type CreateConfirmations, useSaveReferral } from '../../api/referrals/save-referral.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { AddressSection } from './address-section.tsx';
import { ComplianceSection, ProcessingSection } from './compliance-sections.tsx';
import { DUPLICATE_REASONS, DuplicateDialog, type DuplicateQuestion } from './duplicate-dialog.tsx';
import type { SectionProps } from './form-section.tsx';
import {
  applyLookup,
  FIELD_LABELS,
  type FieldErrors,
  type FormField,
  groupKey,
  inputId,
  isDirty,
  orderedErrors,
  type ReferralFormValues,
  toClientForm,
  toPayload,
} from './form-values.ts';
import { MemberSection } from './member-section.tsx';
import { REFERRAL_FORM_MESSAGES as M } from './messages.ts';
import { HealthPlanSection, ProviderSection } from './plan-provider-sections.tsx';
import { ServiceSection } from './service-section.tsx';
import { useMemberLookup } from './use-member-lookup.ts';

type Failure = { title: string; detail: string | null };

/** Moves focus (and the view) to an element; false when it cannot take focus (absent or disabled). */
function focusElement(element: HTMLElement | null): boolean {
  if (!element) return false;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  return document.activeElement === element;
}

/** Errors that no longer apply once these fields changed (a lookup filled them). */
function withoutChanged(errors: FieldErrors, before: ReferralFormValues, after: ReferralFormValues) {
  const changed = (Object.keys(after) as FormField[]).filter((k) => after[k] !== before[k]);
  if (!changed.some((k) => k in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !changed.includes(k as FormField)));
}

/**
 * The Create / Edit Referral form (000 §2.1): seven sections, the §5.2 asterisks, the §3.4 defaults. On submit
 * the shared schema checks everything and every message shows at once, under its input and in a summary with
 * their count, focus on the first (000 §5.1); the server's field messages land on the same inputs. A failure
 * keeps what was typed. In create mode the Medicaid ID lookup fills the member's details the user left empty.
 */
export function ReferralForm({
  mode,
  initial,
  referralId,
  onSaved,
  onCancel,
  voicePatch = null,
  voiceConversationId = null,
}: {
  mode: 'create' | 'edit';
  initial: ReferralFormValues;
  /** The referral being edited (edit mode). */
  referralId?: number;
  /**
   * Issue #19 (000 §2.1): values the voice referral collected; each new patch is merged into the form, only
   * the keys it has (it holds only non-empty values).
   */
  voicePatch?: VoiceFormPatch | null;
  /** Issue #19: the voice conversation the referral was taken in, sent with the create request. */
  voiceConversationId?: number | null;
  onSaved: (saved: ClientReferral) => void;
  onCancel: () => void;
}) {
  const [start] = useState(initial);
  const creating = mode === 'create';
  const form = useZodForm({
    schema: creating ? referralCreateSchema : referralUpdateSchema,
    initialValues: start,
    // The shared schema checks the body the save call sends.
    toInput: toPayload,
    // The needs lists share one error place, under the needs group.
    fieldOf: groupKey,
    // A message goes when its field (or group) changes; set() and the lookup clear them so.
    clearInputErrorOnChange: false,
  });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // Issue #14: the server's question about a possible duplicate, and what the coordinator answered so far (a
  // mismatch may be followed by the open-referral question; both answers go with the next submit).
  const [duplicate, setDuplicate] = useState<DuplicateQuestion | null>(null);
  const confirmations = useRef<CreateConfirmations>({});
  const touched = useRef(new Set<FormField>());
  const summaryRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // Where focus goes once the messages have rendered.
  const focusNext = useRef<'errors' | 'failure' | null>(null);
  const save = useSaveReferral();
  const values = form.values;
  const errors = form.errors as FieldErrors;

  const set = <K extends FormField>(field: K, value: ReferralFormValues[K]) => {
    touched.current.add(field);
    // An answer to a duplicate question was about what the form held then.
    confirmations.current = {};
    form.setFieldValue(field, value as never);
    // A field's message goes once the user changes it (000 §5.1: the consent and needs messages when ticked).
    form.clearFieldError(groupKey(field));
  };

  const onFound = (result: MemberLookup) => {
    if (!result.member) return;
    const before = form.getValues();
    const after = applyLookup(before, result.member, touched.current);
    form.setValues(after);
    form.setErrors((e) => withoutChanged(e as FieldErrors, before, after));
  };
  const lookup = useMemberLookup(values.medicaid_id, creating, onFound);

  // 000 §2.1: voice data overrides only the values it has; their messages go, as when typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per patch the voice tab hands over.
  useEffect(() => {
    if (!voicePatch) return;
    const keys = Object.keys(voicePatch) as FormField[];
    if (keys.length === 0) return;
    for (const key of keys) touched.current.add(key);
    confirmations.current = {};
    form.setValues({ ...form.getValues(), ...voicePatch });
    form.setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([k]) => !keys.some((key) => groupKey(key) === k || key === k)),
      ),
    );
  }, [voicePatch]);

  // After the messages render: the first field in form order, else (a field no input shows) the summary; after
  // a failure without field messages, its alert.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'failure') {
      focusElement(failureRef.current);
      return;
    }
    const [first] = orderedErrors(errors);
    if (!first || !focusElement(document.getElementById(inputId(first[0])))) {
      focusElement(summaryRef.current);
    }
  });

  const send = form.onSubmit(
    () => {
      const failed = creating ? M.createFailed : M.updateFailed;
      const threw = creating ? M.createError : M.updateError;
      save.mutate(
        {
          id: creating ? null : (referralId ?? null),
          form: toClientForm(form.getValues()),
          confirmations: confirmations.current,
          voiceConversationId: creating ? voiceConversationId : null,
        },
        {
          onSuccess: (saved) => {
            if (!saved) {
              setFailure({ title: failed, detail: null });
              return;
            }
            if (creating) {
              // 000 §2.1: after a successful submit the form resets.
              confirmations.current = {};
              touched.current.clear();
              form.reset();
            }
            onSaved(saved);
          },
          onError: (error) => {
            if (creating && error instanceof ApiError && DUPLICATE_REASONS.includes(error.reason ?? '')) {
              setDuplicate({
                reason: error.reason as DuplicateQuestion['reason'],
                message: error.detail ?? '',
              });
              return;
            }
            // The server's fields go under their inputs (and in the summary); its text otherwise.
            applyServerErrors(form, error, failed, { fieldOf: groupKey });
            const onFields = error instanceof ApiError && Object.keys(error.fields ?? {}).length > 0;
            const answered = error instanceof ApiError && !error.isNetworkError;
            setFailure({
              title: answered ? failed : threw,
              detail: onFields ? null : error instanceof ApiError ? error.detail : null,
            });
            focusNext.current = onFields ? 'errors' : 'failure';
          },
        },
      );
    },
    () => {
      focusNext.current = 'errors';
    },
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    send(event);
  };

  const cancel = () => {
    if (isDirty(values, start)) setConfirmDiscard(true);
    else onCancel();
  };

  const listed = orderedErrors(errors);
  const section: SectionProps = { values, errors, set, disabled: save.isPending };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={creating ? M.createTitle : M.editTitle}>
      <Stack gap="md">
        {failure && (
          <Alert
            ref={failureRef}
            tabIndex={-1}
            color="red"
            icon={<IconAlertCircle size={18} />}
            title={failure.title}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setFailure(null)}
          >
            {failure.detail}
          </Alert>
        )}
        {listed.length > 0 && (
          <Alert
            ref={summaryRef}
            tabIndex={-1}
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={M.errorSummary(listed.length)}
            data-testid="error-summary"
          >
            <List size="sm" spacing={2}>
              {listed.map(([field, message]) => (
                <List.Item key={field}>
                  <Anchor
                    href={`#${inputId(field)}`}
                    size="sm"
                    c="red.8"
                    onClick={(e) => {
                      // The link's target, without changing the URL (it is the tab's path).
                      e.preventDefault();
                      focusElement(document.getElementById(inputId(field)));
                    }}
                  >
                    {FIELD_LABELS[field] ?? field}: {message}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        <MemberSection {...section} mode={mode} lookup={lookup} />
        <AddressSection {...section} />
        <HealthPlanSection {...section} />
        <ProviderSection {...section} />
        <ServiceSection {...section} />
        <ComplianceSection {...section} />
        <ProcessingSection {...section} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {creating ? M.submitCreate : M.submitEdit}
          </Button>
        </Group>
      </Stack>
      {duplicate && (
        <DuplicateDialog
          question={duplicate}
          onClose={() => setDuplicate(null)}
          onAnswer={(answer) => {
            confirmations.current = { ...confirmations.current, ...answer };
            setDuplicate(null);
            send();
          }}
        />
      )}
      <ConfirmDialog
        opened={confirmDiscard}
        title={M.discardTitle}
        message={M.discardText}
        confirmLabel={M.discardConfirm}
        danger
        onConfirm={() => {
          setConfirmDiscard(false);
          onCancel();
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
    </form>
  );
}
