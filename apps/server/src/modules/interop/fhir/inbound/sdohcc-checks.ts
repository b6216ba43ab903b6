import type { Patient, ServiceRequest, Task } from '@medplum/fhirtypes';
import type { FhirIssue } from './issues.ts';
import type { Located, RequestResources } from './request-resources.ts';

const TASK_CODE_SYSTEM = 'http://hl7.org/fhir/CodeSystem/task-code';

export type ReferralParts = {
  task: Located<Task>;
  serviceRequest: Located<ServiceRequest>;
  patient: Located<Patient>;
};

/**
 * What the SDOHCC profiles require beyond base R4 (Task For Referral Management: intent order, code fulfill,
 * focus → an SDOHCC ServiceRequest, for → the Patient, requester, authoredOn; SDOHCC ServiceRequest: a category
 * and a code), with the references resolved within the request. A new referral Task is `requested`: the IG
 * lets only the requester set that status, and the referral starts Pending.
 */
export function checkReferralProfile(all: RequestResources): {
  parts: ReferralParts | null;
  issues: FhirIssue[];
} {
  const { task } = all;
  const t = task.resource;
  const at = task.path;
  const issues: FhirIssue[] = [];
  const need = (ok: unknown, element: string, message: string) => {
    if (!ok) issues.push({ expression: `${at}.${element}`, message });
  };
  need(t.intent === 'order', 'intent', 'A referral Task has intent "order".');
  need(
    t.code?.coding?.some((c) => c.system === TASK_CODE_SYSTEM && c.code === 'fulfill'),
    'code',
    `A referral Task has code ${TASK_CODE_SYSTEM}#fulfill.`,
  );
  need(t.status === 'requested', 'status', 'A new referral Task is "requested".');
  need(t.requester, 'requester', 'A referral Task names its requester (PractitionerRole or Organization).');
  need(t.authoredOn, 'authoredOn', 'A referral Task has the date it was authored.');

  const focus = all.resolve(t.focus);
  const serviceRequest = focus?.resource.resourceType === 'ServiceRequest' ? focus : null;
  need(serviceRequest, 'focus', 'Task.focus refers to the ServiceRequest sent with it.');
  const subject = all.resolve(t.for);
  const patient = subject?.resource.resourceType === 'Patient' ? subject : null;
  need(patient, 'for', 'Task.for refers to the Patient sent with it.');

  if (serviceRequest) {
    const sr = serviceRequest.resource as ServiceRequest;
    const srAt = serviceRequest.path;
    if (!sr.category?.length) {
      issues.push({ expression: `${srAt}.category`, message: 'The ServiceRequest names its SDOH category.' });
    }
    if (!sr.code)
      issues.push({ expression: `${srAt}.code`, message: 'The ServiceRequest names the service.' });
    if (patient && all.resolve(sr.subject) !== patient) {
      issues.push({
        expression: `${srAt}.subject`,
        message: 'The ServiceRequest is for the Task’s Patient.',
      });
    }
  }
  const parts =
    serviceRequest && patient
      ? {
          task,
          serviceRequest: serviceRequest as Located<ServiceRequest>,
          patient: patient as Located<Patient>,
        }
      : null;
  return { parts, issues };
}
