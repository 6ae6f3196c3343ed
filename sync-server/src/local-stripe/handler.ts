/**
 * The HTTP side: one `node:http` request handler (also usable as Express middleware) that matches
 * a route, reads Stripe's form body, checks the API key, applies idempotency keys, and answers
 * errors in Stripe's shape. Resources only declare routes (see route.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalStripeError, type StripeErrorBody } from './errors.ts';
import { expandAnswer } from './expand.ts';
import { canonicalForm, parseForm, type FormObject } from './form.ts';
import { newId } from './ids.ts';
import type { EventRecorder } from './events.ts';
import type { AttemptContext } from './payment-attempt.ts';
import type { Reply, RequestContext, Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

const MAX_BODY_BYTES = 1_000_000;

interface CompiledRoute {
  readonly route: Route;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/:([a-z]+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new LocalStripeError(413, { type: 'invalid_request_error', message: 'Request too large.' });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorReply(error: unknown): Reply {
  if (error instanceof LocalStripeError) return { kind: 'json', status: error.status, body: { error: error.body } };
  const body: StripeErrorBody = { type: 'api_error', message: 'The local Stripe failed to handle this request.' };
  return { kind: 'json', status: 500, body: { error: body } };
}

function apiError(status: number, type: StripeErrorBody['type'], message: string): Reply {
  const body: StripeErrorBody = { type, message };
  return { kind: 'json', status, body: { error: body } };
}

function send(response: ServerResponse, reply: Reply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (reply.kind === 'redirect') {
    response.writeHead(303, { location: reply.location }).end();
    return;
  }
  const isJson = reply.kind === 'json';
  const text = isJson ? JSON.stringify(reply.body, null, 2) : reply.html;
  response
    .writeHead(reply.status, { 'content-type': isJson ? 'application/json' : 'text/html; charset=utf-8' })
    .end(text);
}

function authorized(request: IncomingMessage, route: Route): boolean {
  const header = request.headers.authorization ?? '';
  return /^Bearer (sk|rk)_test_\S+$/.test(header) || (route.publishable === true && /^Bearer pk_test_\S+$/.test(header));
}

export interface HandlerDependencies {
  readonly store: LocalStripeStore;
  readonly events: EventRecorder;
  readonly routes: readonly Route[];
  /** This service's address as browsers reach it; derived from the Host header when absent. */
  readonly publicUrl: string | undefined;
  /** Runs before every route: what became due since the last request (renewals by the store's clock). */
  readonly catchUp?: (context: AttemptContext) => void;
}

export type LocalStripeHandler = (request: IncomingMessage, response: ServerResponse, next?: () => void) => void;

export function createHandler(deps: HandlerDependencies): LocalStripeHandler {
  const compiled = deps.routes.map(compile);

  async function handle(request: IncomingMessage, response: ServerResponse, next?: () => void): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local-stripe');
    const method = request.method ?? 'GET';
    let pathParams: Record<string, string> = {};
    const found = compiled.find(({ route, pattern, names }) => {
      if (route.method !== method) return false;
      const match = pattern.exec(url.pathname);
      if (match === null) return false;
      pathParams = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      return true;
    });
    const requestId = newId('req');
    const headers = { 'request-id': requestId };
    if (found === undefined) {
      if (next !== undefined && !url.pathname.startsWith('/v1/')) {
        next();
        return;
      }
      const message = `Unrecognized request URL (${method}: ${url.pathname}).`;
      send(response, apiError(404, 'invalid_request_error', message), headers);
      return;
    }
    const { route } = found;
    if (!route.page && !authorized(request, route)) {
      const message = 'Invalid API Key provided: the local Stripe accepts test keys (sk_test_…; pk_test_… to create PaymentMethods) only.';
      send(response, apiError(401, 'invalid_request_error', message), headers);
      return;
    }
    let params: FormObject;
    try {
      // As the SDK sends them: GET and DELETE parameters in the query, POST ones in the body.
      params =
        method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(await readBody(request));
    } catch (error) {
      send(response, errorReply(error), headers);
      return;
    }
    const idempotencyKey = route.page || method !== 'POST' ? undefined : request.headers['idempotency-key'];
    const key = Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey;
    const signature = canonicalForm(params);
    if (key !== undefined) {
      const first = deps.store.idempotency.get(key);
      if (first !== undefined) {
        if (first.method !== method || first.path !== url.pathname || first.params !== signature) {
          const message =
            'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
            `Try using a key other than '${key}' if you meant to execute a different request.`;
          send(response, apiError(400, 'idempotency_error', message), headers);
          return;
        }
        response.setHeader('idempotent-replayed', 'true');
        response.setHeader('original-request', first.requestId);
        response.writeHead(first.status, { 'content-type': 'application/json', 'request-id': requestId }).end(first.body);
        return;
      }
    }
    const baseUrl = (deps.publicUrl ?? `http://${request.headers.host ?? 'localhost'}`).replace(/\/$/, '');
    let reply: Reply;
    try {
      const context: RequestContext = { ...deps, params, pathParams, baseUrl, requestId, idempotencyKey: key };
      deps.catchUp?.({ ...context, requestId: null, idempotencyKey: undefined });
      reply = route.handle(context);
      if (reply.kind === 'json' && reply.status < 300) {
        reply = { ...reply, body: expandAnswer(deps.store, reply.body, params) };
      }
    } catch (error) {
      reply = errorReply(error);
    }
    // As Stripe: a result is kept once the endpoint ran, success or card error; a request refused
    // for its parameters (400/404) is not, so the same key may be used again after fixing them.
    if (key !== undefined && reply.kind === 'json' && (reply.status < 400 || reply.status === 402 || reply.status >= 500)) {
      deps.store.idempotency.put({
        id: key,
        requestId,
        method,
        path: url.pathname,
        params: signature,
        status: reply.status,
        body: JSON.stringify(reply.body, null, 2),
      });
    }
    send(response, reply, headers);
  }

  return (request, response, next) => {
    handle(request, response, next).catch(() => {
      if (!response.headersSent) send(response, errorReply(undefined), {});
      else response.destroy();
    });
  };
}
