
/**
 * The error contract of every `/api` endpoint: a stable machine code plus its HTTP status.
 * The server answers `{ error: code, message?, issues? }`; the app maps the code to words.
 * A domain adds its own codes here when its module lands, so both sides see them at once.
 */
export const API_ERROR_STATUS = {
  INVALID_JSON: 400,
  INVALID_REQUEST: 400,
  /** A text holds what the database cannot store (U+0000, half of a surrogate pair). */
  INVALID_TEXT: 400,
  INVALID_TOKEN: 401,
  /** Sign-in: the ID token or nonce was refused (or the account cannot sign in this way). */
  SIGN_IN_FAILED: 400,
  /** Reminders: a push endpoint that is not https or not on a public address (it could reach our own network). */
  PUSH_ENDPOINT_REFUSED: 400,
  /** Tracker: not the site's item link with an id, nor a bare id (`parseTrackerLink` says why). */
  INVALID_TRACKER_LINK: 400,
  /** Tracker: the item is a comment, job or poll, not a post. */
  NOT_A_STORY: 400,
  /** Experts: the site name is one the product keeps for itself. */
  SITE_NAME_RESERVED: 400,
  FORBIDDEN: 403,
  /** Sync: the device id in a push belongs to another account. */
  CLIENT_NOT_OWNED: 403,
  /** Sign-in: this server does not offer that way of signing in (local vs Google). */
  SIGN_IN_MODE: 403,
  /** Tracker: the free plan's one tracker is taken; the screen shows the upgrade prompt. */
  TRACKER_LIMIT: 403,
  NOT_FOUND: 404,
  /** Billing: the account has no plan to show in the portal, cancel or resume. */
  NO_SUBSCRIPTION: 404,
  /** Tracker: the person tracks no such tracker or post. */
  TRACKER_NOT_FOUND: 404,
  /** Tracker: the site has no item with that id. */
  STORY_NOT_FOUND: 404,
  /** Experts: the account has no expert page yet. */
  NOT_AN_EXPERT: 404,
  /** Experts: no expert page has that site name. */
  EXPERT_NOT_FOUND: 404,
  /** Experts: the expert has no such booking. */
  BOOKING_NOT_FOUND: 404,
  CONFLICT: 409,
  /** Billing: the account already has a live plan (one subscription per account). */
  ALREADY_SUBSCRIBED: 409,
  /** Billing: the plan is not ending, or its period has ended: there is no cancellation to undo. */
  NOT_RESUMABLE: 409,
  /** Reminders: the push endpoint is another account's, and the keys sent are not that subscription's. */
  SUBSCRIPTION_TAKEN: 409,
  /** Experts: another expert has this site name (compared ignoring case). */
  SITE_NAME_TAKEN: 409,
  /** Experts: this account already has an expert page (one per account). */
  ALREADY_EXPERT: 409,
  /** Experts: the expert's Stripe account cannot take charges yet. */
  NOT_ACCEPTING_CHARGES: 409,
  /** Experts: the booking was refunded; it cannot be marked scheduled. */
  BOOKING_REFUNDED: 409,
  /** Human Sounds: the download token's order was refunded. */
  DOWNLOAD_REVOKED: 410,
  /** Tracker: the post was deleted on the site. */
  STORY_DELETED: 410,
  /** Tracker: the post is dead on the site (flagged or killed). */
  STORY_DEAD: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Tracker: the site did not answer in time (after retries) and nothing usable was cached. */
  HN_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export const API_ERROR_CODES = Object.keys(API_ERROR_STATUS) as [ApiErrorCode, ...ApiErrorCode[]];

/** One problem found in a request: where (a path into the body, query or params) and what. */
export interface ApiErrorIssue {
  path: (string | number)[];
  message: string;
}

export interface ApiErrorBody {
  error: ApiErrorCode;
  message?: string | undefined;
  issues?: ApiErrorIssue[] | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readIssue(value: unknown): ApiErrorIssue | null {
  if (!isRecord(value) || typeof value.message !== 'string' || !Array.isArray(value.path)) return null;
  const path: unknown[] = value.path;
  if (!path.every((part) => typeof part === 'string' || (typeof part === 'number' && Number.isFinite(part)))) return null;
  return { path: path as (string | number)[], message: value.message };
}

/**
 * `apiErrorBodySchema` (schemas/api-error.ts) written out, so the app's API client loads no schema
 * library: the same answers (unknown keys dropped), a unit test compares the two.
 */
export function readApiErrorBody(value: unknown): ApiErrorBody | null {
  if (!isRecord(value) || !isApiErrorCode(value.error)) return null;
  const body: ApiErrorBody = { error: value.error };
  if (value.message !== undefined) {
    if (typeof value.message !== 'string') return null;
    body.message = value.message;
  }
  if (value.issues !== undefined) {
    if (!Array.isArray(value.issues)) return null;
    const issues: unknown[] = value.issues;
    const read = issues.map(readIssue);
    if (read.some((issue) => issue === null)) return null;
    body.issues = read as ApiErrorIssue[];
  }
  return body;
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_STATUS, value);
}

/** The code a bare HTTP status stands for, when a response carries no readable error body. */
export function apiErrorCodeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'INVALID_REQUEST';
    case 401:
      return 'INVALID_TOKEN';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'INVALID_REQUEST' : 'INTERNAL';
  }
}

/**
 * Reads an error response the way the app should: a body that matches the contract is taken as
 * is; anything else (a proxy's HTML page, a code this build does not know yet because the server
 * is newer than a cached app) falls back to the code of the HTTP status.
 */
export function parseApiErrorBody(status: number, body: unknown): ApiErrorBody {
  return readApiErrorBody(body) ?? { error: apiErrorCodeForStatus(status) };
}
