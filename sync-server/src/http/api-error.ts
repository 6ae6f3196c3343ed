import { API_ERROR_STATUS, type ApiErrorBody, type ApiErrorCode, type ApiErrorIssue } from '#core/schemas/api-error';

export interface ApiErrorOptions {
  readonly issues?: readonly ApiErrorIssue[];
  readonly cause?: unknown;
}

/**
 * A failure the client is meant to see: a stable code (its HTTP status follows from it) and an
 * optional human message. Services throw it; the error middleware turns it into the JSON body.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly issues: readonly ApiErrorIssue[] | undefined;

  constructor(code: ApiErrorCode, message?: string, options: ApiErrorOptions = {}) {
    super(message ?? code, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.issues = options.issues;
  }

  toBody(): ApiErrorBody {
    return {
      error: this.code,
      ...(this.message === this.code ? {} : { message: this.message }),
      ...(this.issues ? { issues: [...this.issues] } : {}),
    };
  }
}
