/** The part of autocannon's API that scripts/bench-server.ts uses (the package ships no types). */
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export type Request = RawRequest & { setupRequest?: (request: RawRequest) => RawRequest };
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    maxOverallRequests?: number;
    requests?: Request[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
