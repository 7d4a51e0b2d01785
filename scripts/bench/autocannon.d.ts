// autocannon ships no types and @types/autocannon is not a dependency: this declares only the part
// of its programmatic API (README "API" section, v9) that the benchmark uses.
declare module "autocannon" {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeout?: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void;
    /** every answer: the connection it came on, its status, size in bytes and latency in ms */
    on(
      event: "response",
      listener: (client: object, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    on(event: "reqError", listener: (error: Error) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
