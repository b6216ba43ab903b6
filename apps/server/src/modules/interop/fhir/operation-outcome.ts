import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { ErrorCode, ErrorReason } from '@trust/domain';
import { AppError } from '../../../platform/errors.ts';

// Errors under /fhir are OperationOutcomes (FHIR R4 §3.1.0.7 http.html#errors). The app's AppError carries the
// reason (hence the HTTP status); this file adds what FHIR clients read: the issue type from the IssueType value
// set, and the element path (issue.expression, FHIRPath like `Task.status`) when the error is about one element.

/** The FHIR IssueType codes (http://hl7.org/fhir/issue-type) this API answers with. */
export type FhirIssueType =
  | 'invalid'
  | 'structure'
  | 'required'
  | 'value'
  | 'security'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'not-supported'
  | 'conflict'
  | 'business-rule'
  | 'too-costly'
  | 'throttled'
  | 'exception'
  | 'transient';

/** The issue type of each generic error code, when the thrower did not name one. */
const ISSUE_TYPE_OF_CODE: Record<ErrorCode, FhirIssueType> = {
  bad_request: 'invalid',
  validation_failed: 'invalid',
  invalid_json: 'structure',
  unauthorized: 'login',
  session_expired: 'login',
  forbidden: 'forbidden',
  consent_required: 'security',
  cross_site: 'security',
  not_found: 'not-found',
  conflict: 'conflict',
  precondition_failed: 'conflict',
  payload_too_large: 'too-costly',
  unsupported_media_type: 'not-supported',
  rule_broken: 'business-rule',
  rate_limited: 'throttled',
  internal: 'exception',
  unavailable: 'transient',
};

export function issueTypeOf(code: ErrorCode): FhirIssueType {
  return ISSUE_TYPE_OF_CODE[code];
}

/**
 * An AppError that carries its OperationOutcome issues (each with its element path). The write and
 * subscription parts throw it through `fhirError`/`invalidResource`; the /fhir error handler renders the issues
 * as they are, with the status of the reason.
 */
export class FhirOutcomeError extends AppError {
  readonly issues: OperationOutcomeIssue[];

  constructor(reason: ErrorReason, message: string, issues: OperationOutcomeIssue[]) {
    const fields = Object.fromEntries(
      issues.flatMap((i) => (i.expression?.[0] ? [[i.expression[0], i.diagnostics ?? message]] : [])),
    );
    super(reason, message, Object.keys(fields).length > 0 ? { fields } : {});
    this.issues = issues;
  }
}

/**
 * One refusal about one element: `throw fhirError('fhir.conflict', 'Task.status cannot go from … to …',
 * { expression: 'Task.status' })`. The issue type follows from the reason unless `type` names one (`required`,
 * `value`, …).
 */
export function fhirError(
  reason: ErrorReason,
  diagnostics: string,
  options: { expression?: string | string[]; type?: FhirIssueType } = {},
): FhirOutcomeError {
  const probe = new AppError(reason, diagnostics);
  const expression =
    options.expression === undefined
      ? undefined
      : Array.isArray(options.expression)
        ? options.expression
        : [options.expression];
  return new FhirOutcomeError(reason, diagnostics, [
    {
      severity: 'error',
      code: options.type ?? issueTypeOf(probe.code),
      diagnostics,
      ...(expression ? { expression } : {}),
    },
  ]);
}

/** A resource refused for its content: the validator's issues (r4-validator.ts), answered 400 (or 422). */
export function invalidResource(
  issues: OperationOutcomeIssue[],
  reason: ErrorReason = 'fhir.resource_invalid',
): FhirOutcomeError {
  const errors = issues.filter((i) => i.severity === 'error' || i.severity === 'fatal');
  const first = errors[0] ?? issues[0];
  const message = first?.diagnostics ?? first?.details?.text ?? 'The resource is not valid.';
  return new FhirOutcomeError(reason, message, issues);
}

export function operationOutcome(issues: OperationOutcomeIssue[]): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: issues };
}

/** The issues of any error the app raises: its own issues, or one per field (validation), or one. */
export function issuesOfAppError(error: AppError): OperationOutcomeIssue[] {
  if (error instanceof FhirOutcomeError) return error.issues;
  const code = issueTypeOf(error.code);
  if (error.fields && Object.keys(error.fields).length > 0) {
    return Object.entries(error.fields).map(([field, message]) => ({
      severity: 'error',
      code,
      diagnostics: message,
      expression: [field],
    }));
  }
  return [{ severity: 'error', code, diagnostics: error.message }];
}
