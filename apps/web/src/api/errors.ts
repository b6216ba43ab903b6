import { MESSAGES } from '@trust/domain';

/**
 * A failed call. `detail` is the server's human text (the error envelope's `detail`, DESIGN.md "Errors"), or
 * the backend-unavailable text when the server could not be reached (003 §8); null when the answer had none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The specific refusal (packages/domain error-reasons), for code that acts on one ('referral.duplicate_open'). */
  readonly reason: string | null;
  readonly detail: string | null;
  readonly fields: Record<string, string> | undefined;
  /** The resource as it now stands, sent with a 409 when another change came first (a form saved by another). */
  readonly current: unknown;

  constructor(options: {
    status: number;
    message: string;
    code?: string | null;
    reason?: string | null;
    detail?: string | null;
    fields?: Record<string, string> | undefined;
    current?: unknown;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code ?? null;
    this.reason = options.reason ?? null;
    this.detail = options.detail ?? null;
    this.fields = options.fields;
    this.current = options.current;
  }

  /** The server could not be reached at all (fetch threw). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function networkError(): ApiError {
  return new ApiError({
    status: 0,
    code: 'network',
    message: MESSAGES.backendUnavailable,
    detail: MESSAGES.backendUnavailable,
  });
}

/** The text to show for a failed call: the server's detail when present, else the screen's own default. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
