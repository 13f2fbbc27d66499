/**
 * The error catalogue: contract statuses (canonical gRPC codes) and their HTTP mapping
 * (addendum §1). Code throws `ApiError`; the error middleware turns it into the failure envelope.
 */
export const httpStatusByErrorStatus = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNKNOWN: 500,
  DATA_LOSS: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type ErrorStatus = keyof typeof httpStatusByErrorStatus;

/** Seconds a client should wait after RESOURCE_EXHAUSTED when the error names no better value. */
export const defaultRetryAfterSeconds = 60;

export interface ApiErrorOptions {
  details?: Record<string, unknown>;
  /** Overrides the HTTP status the contract status maps to (405 for a wrong method). */
  httpStatus?: number;
  /** Sent as `Retry-After` with RESOURCE_EXHAUSTED. */
  retryAfterSeconds?: number;
}

/** An error the client is meant to see: a contract status, a message and optional details. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly details: Record<string, unknown> | undefined;
  readonly httpStatus: number;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: ErrorStatus, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = options.details;
    this.httpStatus = options.httpStatus ?? httpStatusByErrorStatus[status];
    this.retryAfterSeconds =
      status === 'RESOURCE_EXHAUSTED' ? (options.retryAfterSeconds ?? defaultRetryAfterSeconds) : undefined;
  }
}

/** Bad input from the caller; `details.issues` lists each problem when there are several. */
export const invalidArgument = (message: string, details?: Record<string, unknown>) =>
  new ApiError('INVALID_ARGUMENT', message, { details });

export const notFound = (message: string, details?: Record<string, unknown>) =>
  new ApiError('NOT_FOUND', message, { details });

export const permissionDenied = (message: string) => new ApiError('PERMISSION_DENIED', message);

export const failedPrecondition = (message: string) => new ApiError('FAILED_PRECONDITION', message);

export const alreadyExists = (message: string) => new ApiError('ALREADY_EXISTS', message);

export const resourceExhausted = (message: string, retryAfterSeconds?: number) =>
  new ApiError('RESOURCE_EXHAUSTED', message, { retryAfterSeconds });
