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

  interface Client {
    setHeaders(headers: Record<string, string>): void;
  }

  interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly connectionRate?: number;
    readonly headers?: Record<string, string>;
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
    readonly duration: number;
  }

  interface Autocannon {
    (options: Options): Promise<Result>;
    aggregateResult(results: readonly Result[], options: { readonly url: string; readonly connections: number }): Result;
  }

  const autocannon: Autocannon;
  export default autocannon;
}
