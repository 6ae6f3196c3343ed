/**
 * Stripe's error body, `{ error: { type, code, decline_code, message, param, … } }`, with the
 * status the SDK maps to its classes (402 → StripeCardError, 400/404 → StripeInvalidRequestError,
 * 400 + idempotency_error → StripeIdempotencyError, 401 → StripeAuthenticationError).
 */
import type Stripe from 'stripe';

export type ErrorType = 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: ErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
}

export class LocalStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
}

export function invalidRequest(message: string, param?: string, code?: string): LocalStripeError {
  return new LocalStripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param === undefined ? {} : { param }),
    ...(code === undefined ? {} : { code, doc_url: docUrl(code) }),
  });
}

export function missingParam(param: string): LocalStripeError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** An id that names nothing: 404 when it is the path, 400 with the param when it is a parameter. */
export function noSuch(kind: string, id: string, param?: string): LocalStripeError {
  return new LocalStripeError(param === undefined ? 404 : 400, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    ...(param === undefined ? {} : { param }),
  });
}

export function cardError(fields: Omit<StripeErrorBody, 'type'>): LocalStripeError {
  return new LocalStripeError(402, {
    type: 'card_error',
    ...fields,
    ...(fields.code === undefined ? {} : { doc_url: docUrl(fields.code) }),
  });
}

export function unexpectedState(message: string, code: string): LocalStripeError {
  return invalidRequest(message, undefined, code);
}
