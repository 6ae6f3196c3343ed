// The part of autocannon's API the sync benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    readonly average: number;
    readonly stddev: number;
    readonly min: number;
    readonly max: number;
    readonly p50: number;
    readonly p90: number;
    readonly p97_5: number;
    readonly p99: number;
  }

  /** One request of a sequence; `setupRequest` may rebuild it before each send. */
  export interface RequestParams {
    readonly method?: 'GET' | 'POST';
    readonly path?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
  }

  export interface Request extends RequestParams {
    /** Called before each send of this request (and its answer is the request sent). */
    readonly setupRequest?: (request: RequestParams) => RequestParams;
    /** Called with every answer to this request, before the connection sends its next request. */
    readonly onResponse?: (status: number, body: string) => void;
  }

  export interface Client {
    setHeaders(headers: Record<string, string>): void;
    /** The connection's own request sequence, sent in turn (pipelining 1 only). */
    setRequests(requests: readonly Request[]): void;
    /** After every answer: its status, bytes, and milliseconds from send to the last byte. */
    on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): this;
  }

  interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly connectionRate?: number;
    readonly headers?: Record<string, string>;
    /** Seconds without an answer before a request counts as a timeout (default 10). */
    readonly timeout?: number;
    readonly setupClient?: (client: Client) => void;
    /** Keep the raw histograms, to combine several runs with aggregateResult. */
    readonly skipAggregateResult?: boolean;
  }

  interface Result {
    readonly latency: Histogram;
    readonly requests: Histogram & { readonly sent: number };
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    /** Seconds. */
    readonly duration: number;
  }

  interface Autocannon {
    (options: Options): Promise<Result>;
    aggregateResult(results: readonly Result[], options: { readonly url: string; readonly connections: number }): Result;
  }

  const autocannon: Autocannon;
  export default autocannon;
}
