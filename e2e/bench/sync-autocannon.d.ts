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
  }

  interface Result {
    readonly latency: Histogram;
    readonly requests: Histogram;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly totalCompletedRequests: number;
    readonly duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
