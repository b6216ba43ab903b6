import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  ENROLLMENT_MESSAGES,
  type Enrollment,
  type EnrollmentCreateInput,
  PRIORITY_LEVEL_LABELS,
  PRIORITY_LEVELS,
  todayIsoDate,
} from '@trust/domain';
import { useState } from 'react';
import { organizationUsersQueryOptions } from '../../api/admin/organization-users.ts';
import { useCreateEnrollment } from '../../api/enrollments/enrollments.ts';
import { useProgramOptions } from '../../api/enrollments/program-options.ts';
import { ApiError, errorText } from '../../api/errors.ts';
import { getMembers } from '../../api/members/members.ts';
import { useAuth } from '../../app/auth/auth-context.tsx';

/** The member search of the picker: the first 20 matches of the organization's registry, searched on the server. */
function useMemberMatches(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['enrollments', 'member-search', term],
    queryFn: ({ signal }) => getMembers(1, 20, term, signal),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * Who manages the new enrollment: the signed-in manager by default, or another member of the organization who
 * may (not a viewer). Their tasks, forms and reminders follow the enrollment.
 */
function CaseManagerSelect({
  opened,
  value,
  onChange,
  error,
}: {
  opened: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { user } = useAuth();
  const users = useQuery({
    ...organizationUsersQueryOptions(user?.active_cbo_id ?? 0, { page: 1, pageSize: 200 }),
    enabled: opened && !!user?.active_cbo_id,
  });
  const options = (users.data?.users ?? [])
    .filter((u) => u.id !== user?.id && u.user_org_role !== 'viewer')
    .map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <NativeSelect
      label="Case manager"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: 'Me' }, ...options]}
      error={error}
    />
  );
}

export type EnrollMemberModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The member to enroll (from a member's profile); without it the modal offers a member search. */
  member?: { id: number; name: string } | null;
  /**
   * Managers and administrators may enroll past a program's capacity and choose the case manager (002 §6; the
   * server decides); everyone else manages the enrollments they make.
   */
  canOverrideCapacity: boolean;
  onEnrolled?: (enrollment: Enrollment) => void;
};

/**
 * New Enrollment (002 §2 Enrollments, issue #15 item 6): a member of the organization (searched on the server),
 * one of its active programs, Pending or Active, the enrollment date (today), priority, eligibility and consent.
 * When the program is full, a manager may enroll anyway (the override is the server's to allow and audit).
 */
export function EnrollMemberModal({
  opened,
  onClose,
  member,
  canOverrideCapacity,
  onEnrolled,
}: EnrollMemberModalProps) {
  const [memberId, setMemberId] = useState<string | null>(member ? String(member.id) : null);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [programId, setProgramId] = useState('');
  const [status, setStatus] = useState<'pending' | 'active'>('pending');
  const [enrollmentDate, setEnrollmentDate] = useState(todayIsoDate());
  const [priority, setPriority] = useState('medium');
  const [eligibility, setEligibility] = useState(false);
  const [consent, setConsent] = useState(false);
  const [notes, setNotes] = useState('');
  const [caseManagerId, setCaseManagerId] = useState('');
  const [error, setError] = useState<unknown>(null);
  const programs = useProgramOptions();
  const matches = useMemberMatches(term, opened && !member);
  const create = useCreateEnrollment();

  const reset = () => {
    setMemberId(member ? String(member.id) : null);
    setSearch('');
    setProgramId('');
    setStatus('pending');
    setEnrollmentDate(todayIsoDate());
    setPriority('medium');
    setEligibility(false);
    setConsent(false);
    setNotes('');
    setCaseManagerId('');
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const chosenMember = member ? String(member.id) : memberId;
  const full = error instanceof ApiError && error.reason === 'program.at_capacity';
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};

  const submit = (overrideCapacity = false) => {
    setError(null);
    if (!chosenMember || !programId) {
      setError(new Error('Choose a member and a program.'));
      return;
    }
    const body: EnrollmentCreateInput = {
      member_id: Number(chosenMember),
      program_id: Number(programId),
      status,
      enrollment_date: enrollmentDate || undefined,
      priority_level: (priority || null) as EnrollmentCreateInput['priority_level'],
      eligibility_verified: eligibility,
      consent_obtained: consent,
      notes: notes.trim() || null,
      ...(caseManagerId ? { case_manager_user_id: Number(caseManagerId) } : {}),
      ...(overrideCapacity ? { override_capacity: true } : {}),
    };
    create.mutate(body, {
      onSuccess: (enrollment) => {
        reset();
        onEnrolled?.(enrollment);
        onClose();
      },
      onError: setError,
    });
  };

  const memberOptions = (matches.data?.members ?? []).map((m) => ({
    value: String(m.id),
    label: `${m.first_name} ${m.last_name}`,
  }));
  const programOptions = (programs.data ?? [])
    .filter((p) => p.isActive)
    .map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Modal opened={opened} onClose={close} title="New Enrollment" centered size="lg">
      <Stack gap="sm">
        {member ? (
          <Text size="sm">
            Member: <strong>{member.name}</strong>
          </Text>
        ) : (
          <>
            <TextInput
              label="Search members"
              placeholder="Name, Medicaid ID, phone or email"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <NativeSelect
              label="Member"
              required
              value={memberId ?? ''}
              onChange={(e) => setMemberId(e.currentTarget.value || null)}
              data={[
                {
                  value: '',
                  label: !term
                    ? 'Type above to search members'
                    : matches.isFetching
                      ? 'Searching…'
                      : memberOptions.length
                        ? 'Choose a member'
                        : 'No members found',
                },
                ...memberOptions,
              ]}
              error={fields.member_id}
            />
          </>
        )}
        <NativeSelect
          label="Program"
          required
          value={programId}
          onChange={(e) => setProgramId(e.currentTarget.value)}
          data={[
            { value: '', label: programs.isLoading ? 'Loading programs…' : 'Choose a program' },
            ...programOptions,
          ]}
          error={fields.program_id}
        />
        {canOverrideCapacity && (
          <CaseManagerSelect
            opened={opened}
            value={caseManagerId}
            onChange={setCaseManagerId}
            error={fields.case_manager_user_id}
          />
        )}
        <Group grow>
          <NativeSelect
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as 'pending' | 'active')}
            data={[
              { value: 'pending', label: 'Pending' },
              { value: 'active', label: 'Active' },
            ]}
          />
          <TextInput
            label="Enrollment date"
            type="date"
            value={enrollmentDate}
            onChange={(e) => setEnrollmentDate(e.currentTarget.value)}
            error={fields.enrollment_date}
          />
          <NativeSelect
            label="Priority level"
            value={priority}
            onChange={(e) => setPriority(e.currentTarget.value)}
            data={[
              { value: '', label: 'None' },
              ...PRIORITY_LEVELS.map((p) => ({ value: p, label: PRIORITY_LEVEL_LABELS[p] })),
            ]}
          />
        </Group>
        <Group>
          <Checkbox
            label="Eligibility verified"
            checked={eligibility}
            onChange={(e) => setEligibility(e.currentTarget.checked)}
          />
          <Checkbox
            label="Consent obtained"
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
          />
        </Group>
        <Textarea
          label="Enrollment notes"
          rows={2}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        {error !== null && (
          <Alert color={full ? 'yellow' : 'red'} role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {error instanceof ApiError
                  ? errorText(error, ENROLLMENT_MESSAGES.createFailed)
                  : error instanceof Error
                    ? error.message
                    : ENROLLMENT_MESSAGES.createFailed}
              </Text>
              {full && canOverrideCapacity && (
                <Group>
                  <Button size="xs" color="yellow" onClick={() => submit(true)} loading={create.isPending}>
                    Override capacity and enroll
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={create.isPending}>
            Enroll
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
