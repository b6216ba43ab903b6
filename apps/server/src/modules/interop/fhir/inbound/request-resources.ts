import type { Bundle, Reference, Resource, Task } from '@medplum/fhirtypes';
import { type FhirIssue, refuseIssues } from './issues.ts';

// The resources of one create request (a Task with contained resources, or a transaction Bundle), each with the
// FHIRPath it sits at in the request body, so every refusal names the element as the caller sent it.

export type Located<T extends Resource = Resource> = { resource: T; path: string };

export type RequestResources = {
  task: Located<Task>;
  /** Every other resource of the request (contained in the Task, or the Bundle's other entries). */
  others: Located[];
  /** The resource a reference points to within the request, or null (an outside or a display-only reference). */
  resolve: (ref: Reference | undefined) => Located | null;
};

/** Of the request's resources, those of a type. */
export function ofType<T extends Resource>(all: RequestResources, type: T['resourceType']): Located<T>[] {
  return all.others.filter((r) => r.resource.resourceType === type) as Located<T>[];
}

/** POST /fhir/Task: the references to contained resources are local (`#sr`). */
export function fromTaskWithContained(task: Task): RequestResources {
  const others: Located[] = (task.contained ?? []).map((resource, i) => ({
    resource,
    path: `Task.contained[${i}]`,
  }));
  return {
    task: { resource: task, path: 'Task' },
    others,
    resolve: (ref) => {
      const target = ref?.reference;
      if (!target?.startsWith('#')) return null;
      return others.find((o) => o.resource.id === target.slice(1)) ?? null;
    },
  };
}

const URN_UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /fhir with a transaction Bundle: every entry a new resource (request POST to its type, a urn:uuid
 * fullUrl the others refer to), exactly one Task. A transaction is all or nothing, so anything else about it is
 * refused before a referral is made.
 */
export function fromTransactionBundle(bundle: Bundle): RequestResources & { entryOf: Map<Resource, number> } {
  const issues: FhirIssue[] = [];
  if (bundle.type !== 'transaction') {
    issues.push({ expression: 'Bundle.type', message: 'Only a transaction Bundle creates a referral.' });
  }
  const entries = bundle.entry ?? [];
  const located: Located[] = [];
  const byUrl = new Map<string, Located>();
  const entryOf = new Map<Resource, number>();
  entries.forEach((entry, i) => {
    const at = `Bundle.entry[${i}]`;
    if (!entry.resource) {
      issues.push({ expression: `${at}.resource`, message: 'Every entry carries a resource.' });
      return;
    }
    const type = entry.resource.resourceType;
    if (entry.request?.method !== 'POST' || entry.request.url !== type) {
      issues.push({
        expression: `${at}.request`,
        message: `Each entry creates its resource: request POST ${type}.`,
      });
    }
    if (!entry.fullUrl || !URN_UUID.test(entry.fullUrl)) {
      issues.push({
        expression: `${at}.fullUrl`,
        message: 'Each entry needs a urn:uuid fullUrl for the others to refer to.',
      });
    }
    const item = { resource: entry.resource, path: `${at}.resource` };
    located.push(item);
    entryOf.set(entry.resource, i);
    if (entry.fullUrl) byUrl.set(entry.fullUrl, item);
  });
  const tasks = located.filter((l) => l.resource.resourceType === 'Task') as Located<Task>[];
  if (tasks.length !== 1) {
    issues.push({ expression: 'Bundle.entry', message: 'The transaction carries exactly one Task.' });
  }
  if (issues.length > 0) refuseIssues('fhir.resource_invalid', issues);
  const task = tasks[0]!;
  return {
    task,
    others: located.filter((l) => l !== task),
    entryOf,
    resolve: (ref) => (ref?.reference ? (byUrl.get(ref.reference) ?? null) : null),
  };
}
