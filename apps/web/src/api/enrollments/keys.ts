// Query keys of the enrollment calls (002 §7 "Enrollments"): lists by filter, one enrollment, and its records.
export type EnrollmentFilters = {
  page: number;
  pageSize: number;
  memberId?: number | null;
  programId?: number | null;
  status?: string | null;
};

export type EnrollmentRecordKind = 'activities' | 'documents' | 'notes' | 'goals';

export const enrollmentKeys = {
  all: ['enrollments'] as const,
  lists: () => [...enrollmentKeys.all, 'list'] as const,
  list: (filters: EnrollmentFilters) => [...enrollmentKeys.lists(), filters] as const,
  one: (id: number) => [...enrollmentKeys.all, 'one', id] as const,
  records: (id: number, kind: EnrollmentRecordKind) => [...enrollmentKeys.all, 'records', id, kind] as const,
  programOptions: () => [...enrollmentKeys.all, 'program-options'] as const,
};
