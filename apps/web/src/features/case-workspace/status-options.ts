/**
 * The workspace dropdown (000 §2.7: Pending, Matched, Accepted, In Progress, On Hold, Completed, in any order),
 * plus Authorized: a status of 000 §4.1 that texts the member and counts as Assigned, which a coordinator
 * could otherwise set only from the queue. Rejected is left out: it is the matched provider's answer (with a
 * reason), not a status the referring organization sets.
 */
export const WORKSPACE_STATUS_OPTIONS = [
  'Pending',
  'Matched',
  'Authorized',
  'Accepted',
  'In Progress',
  'On Hold',
  'Completed',
] as const;
