import type {
  Enrollment,
  EnrollmentActivity,
  EnrollmentDocument,
  EnrollmentGoal,
  EnrollmentNote,
  Program,
} from '@trust/domain';

// Wire objects of the enrollment API (002 §3) for the web tests.

export function makeEnrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    id: 7,
    member_id: 12,
    member_name: 'Rosa Delgado',
    program_id: 3,
    program_name: 'Enhanced Care Management',
    status: 'pending',
    enrollment_date: '2026-02-03',
    start_date: null,
    end_date: null,
    case_manager_user_id: 5,
    case_manager_name: 'Casey Coordinator',
    priority_level: 'high',
    eligibility_verified: true,
    consent_obtained: false,
    notes: 'Referred by the clinic.',
    created_ts: '2026-02-03T15:00:00.000Z',
    last_updated_ts: '2026-02-03T15:00:00.000Z',
    next_statuses: ['active', 'withdrawn'],
    can_edit: true,
    can_delete: true,
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<EnrollmentActivity> = {}): EnrollmentActivity {
  return {
    id: 41,
    enrollment_id: 7,
    activity_type: 'outreach',
    activity_date: '2026-02-04',
    status: 'scheduled',
    notes: 'First call',
    billing_activity_id: null,
    billing_activity_name: null,
    units: 1,
    performed_by: 5,
    performed_by_name: 'Casey Coordinator',
    completed_at: null,
    created_ts: '2026-02-04T15:00:00.000Z',
    can_edit: true,
    ...overrides,
  };
}

export function makeEnrollmentNote(overrides: Partial<EnrollmentNote> = {}): EnrollmentNote {
  return {
    id: 51,
    enrollment_id: 7,
    note_text: 'Left a voicemail.',
    note_type: 'general',
    is_confidential: false,
    created_ts: '2026-02-04T15:00:00.000Z',
    created_by: 5,
    created_by_name: 'Casey Coordinator',
    can_edit: true,
    ...overrides,
  };
}

export function makeGoal(overrides: Partial<EnrollmentGoal> = {}): EnrollmentGoal {
  return {
    id: 61,
    enrollment_id: 7,
    goal_text: 'Stable housing by spring',
    goal_category: 'housing',
    target_date: '2026-04-30',
    status: 'active',
    created_by: 5,
    created_by_name: 'Casey Coordinator',
    completed_at: null,
    created_ts: '2026-02-04T15:00:00.000Z',
    can_edit: true,
    ...overrides,
  };
}

export function makeEnrollmentDocument(overrides: Partial<EnrollmentDocument> = {}): EnrollmentDocument {
  return {
    id: 71,
    enrollment_id: 7,
    document_type: 'consent_form',
    file_name: 'consent.pdf',
    content_type: 'application/pdf',
    file_size: 2048,
    upload_date: '2026-02-04T15:00:00.000Z',
    uploaded_by: 5,
    uploaded_by_name: 'Casey Coordinator',
    can_delete: true,
    ...overrides,
  };
}

/** GET /api/programs/ as the program pickers read it (only id, name and is_active matter to them). */
export function programList(programs: { id: number; name: string; is_active?: boolean }[]) {
  return {
    programs: programs.map((p) => ({ ...p, is_active: p.is_active ?? true }) as unknown as Program),
    total: programs.length,
    page: 1,
    page_size: 200,
    stats: {},
  };
}
