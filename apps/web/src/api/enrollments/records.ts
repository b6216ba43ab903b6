import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityCreateInput,
  ActivityUpdateInput,
  EnrollmentActivity,
  EnrollmentActivityList,
  EnrollmentGoal,
  EnrollmentGoalCreateInput,
  EnrollmentGoalList,
  EnrollmentGoalUpdateInput,
  EnrollmentItemDeleteResponse,
  EnrollmentNote,
  EnrollmentNoteCreateInput,
  EnrollmentNoteList,
  EnrollmentNoteUpdateInput,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { type EnrollmentRecordKind, enrollmentKeys } from './keys.ts';

// The activities, notes and goals of one enrollment (002 §7): list, add, change, delete. Each change refreshes
// that enrollment's list of the kind.

type ListOf = {
  activities: EnrollmentActivityList;
  notes: EnrollmentNoteList;
  goals: EnrollmentGoalList;
};

/** GET /api/enrollments/{id}/{kind}: the first page (the details' tabs show up to 500 of each). */
function useRecords<K extends keyof ListOf>(enrollmentId: number | null, kind: K) {
  return useQuery({
    queryKey: enrollmentKeys.records(enrollmentId ?? 0, kind),
    queryFn: ({ signal }) =>
      apiRequest<ListOf[K]>(`/api/enrollments/${enrollmentId}/${kind}?page_size=500`, { signal }),
    enabled: enrollmentId !== null,
  });
}

export const useEnrollmentActivities = (id: number | null) => useRecords(id, 'activities');
export const useEnrollmentNotes = (id: number | null) => useRecords(id, 'notes');
export const useEnrollmentGoals = (id: number | null) => useRecords(id, 'goals');

function useRecordMutation<TInput, TResult>(
  enrollmentId: number,
  kind: EnrollmentRecordKind,
  request: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.records(enrollmentId, kind) }),
  });
}

/** POST /api/enrollments/activities/ (002 §9 defaults are the server's too). */
export function useCreateActivity(enrollmentId: number) {
  return useRecordMutation(enrollmentId, 'activities', (body: Omit<ActivityCreateInput, 'enrollment_id'>) =>
    apiRequest<EnrollmentActivity>('/api/enrollments/activities/', {
      method: 'POST',
      body: { ...body, enrollment_id: enrollmentId },
    }),
  );
}

/** PUT /api/enrollments/activities/{id}: completing one sets its completion time on the server. */
export function useUpdateActivity(enrollmentId: number) {
  return useRecordMutation(
    enrollmentId,
    'activities',
    ({ id, ...body }: ActivityUpdateInput & { id: number }) =>
      apiRequest<EnrollmentActivity>(`/api/enrollments/activities/${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteActivity(enrollmentId: number) {
  return useRecordMutation(enrollmentId, 'activities', (id: number) =>
    apiRequest<EnrollmentItemDeleteResponse>(`/api/enrollments/activities/${id}`, { method: 'DELETE' }),
  );
}

/** POST /api/enrollments/notes/. */
export function useCreateNote(enrollmentId: number) {
  return useRecordMutation(enrollmentId, 'notes', (body: Omit<EnrollmentNoteCreateInput, 'enrollment_id'>) =>
    apiRequest<EnrollmentNote>('/api/enrollments/notes/', {
      method: 'POST',
      body: { ...body, enrollment_id: enrollmentId },
    }),
  );
}

/** PUT /api/enrollments/notes/{id}: the author (or a manager) corrects a note. */
export function useUpdateNote(enrollmentId: number) {
  return useRecordMutation(
    enrollmentId,
    'notes',
    ({ id, ...body }: EnrollmentNoteUpdateInput & { id: number }) =>
      apiRequest<EnrollmentNote>(`/api/enrollments/notes/${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteNote(enrollmentId: number) {
  return useRecordMutation(enrollmentId, 'notes', (id: number) =>
    apiRequest<EnrollmentItemDeleteResponse>(`/api/enrollments/notes/${id}`, { method: 'DELETE' }),
  );
}

/** POST /api/enrollments/goals/. */
export function useCreateGoal(enrollmentId: number) {
  return useRecordMutation(enrollmentId, 'goals', (body: Omit<EnrollmentGoalCreateInput, 'enrollment_id'>) =>
    apiRequest<EnrollmentGoal>('/api/enrollments/goals/', {
      method: 'POST',
      body: { ...body, enrollment_id: enrollmentId },
    }),
  );
}

/** PUT /api/enrollments/goals/{id}: the fields sent change (completing one records when, on the server). */
export function useUpdateGoal(enrollmentId: number) {
  return useRecordMutation(
    enrollmentId,
    'goals',
    ({ id, ...body }: EnrollmentGoalUpdateInput & { id: number }) =>
      apiRequest<EnrollmentGoal>(`/api/enrollments/goals/${id}`, { method: 'PUT', body }),
  );
}

export function useDeleteGoal(enrollmentId: number) {
  return useRecordMutation(enrollmentId, 'goals', (id: number) =>
    apiRequest<EnrollmentItemDeleteResponse>(`/api/enrollments/goals/${id}`, { method: 'DELETE' }),
  );
}
