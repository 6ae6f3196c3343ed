export interface ApiCallOptions {
  /** A JSON value to send, or a string sent as it is. */
  readonly body?: unknown;
  /** A bearer token for the Authorization header. */
  readonly token?: string;
}

export interface ApiCallResult {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body; null when there is none. */
  readonly body: unknown;
}

/** One real HTTP request against a test server, JSON in and out. */
export async function apiCall(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  { body, token }: ApiCallOptions = {},
): Promise<ApiCallResult> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as unknown) };
}
