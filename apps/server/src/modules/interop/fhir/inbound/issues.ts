import type { OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { ErrorReason } from '@trust/domain';
import { invalidResource } from '../operation-outcome.ts';
import { hasErrors, validateR4 } from '../r4-validator.ts';

/** One thing wrong with an incoming resource: the element, as a FHIRPath from the request body's root. */
export type FhirIssue = { expression: string; message: string };

/** Refuses the request with every issue found, each an OperationOutcome issue naming its element. */
export function refuseIssues(reason: ErrorReason, issues: readonly FhirIssue[]): never {
  const type = reason === 'fhir.business_rule' ? 'business-rule' : 'invalid';
  throw invalidResource(
    issues.map(
      (i): OperationOutcomeIssue => ({
        severity: 'error',
        code: type,
        diagnostics: i.message,
        expression: [i.expression],
      }),
    ),
    reason,
  );
}

/** Base R4 (r4-validator.ts): refused with the validator's issues when the resource has errors. */
export function assertBaseR4(resource: unknown): void {
  const issues = validateR4(resource);
  if (hasErrors(issues)) {
    throw invalidResource(
      issues.filter((i) => i.severity === 'error' || i.severity === 'fatal'),
      'fhir.resource_invalid',
    );
  }
}
