import { performance } from 'node:perf_hooks';

/** The success envelope, as far as the bench reads it. */
export interface SuccessBody {
  result: { data?: unknown };
}

/** Whether an answer reports an item the route did not apply, inside an HTTP 200 (base contract rule 5). */
export const reportsFailedItem = (body: string) => body.includes('"success":false');

/** One request as the client saw it, with the dev server's DynamoDB metric headers. */
export interface TimedResponse {
  status: number;
  latencyMs: number;
  dbCalls: number;
  capacityUnits: number;
  commands: string;
  /** DynamoDB round trips on the request's critical path (`x-db-serial-round-trips`). */
  serialRoundTrips: number;
  /** Bytes of the request body sent and of the response body received. */
  requestBytes: number;
  body: string;
}

function post(url: string, path: string, headers: Record<string, string>, body: string) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** POSTs `{ data }` and returns the parsed body; throws unless the answer is HTTP 200 (fixture set-up). */
export async function postJson(
  url: string,
  path: string,
  headers: Record<string, string>,
  data: unknown,
): Promise<SuccessBody> {
  const response = await post(url, path, headers, JSON.stringify({ data }));
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as SuccessBody;
}

/** POSTs `{ data }` and times it until the whole body has arrived (keep-alive connection). */
export async function timedPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  data: unknown,
): Promise<TimedResponse> {
  const requestBody = JSON.stringify({ data });
  const start = performance.now();
  const response = await post(url, path, headers, requestBody);
  const body = await response.text();
  const latencyMs = performance.now() - start;
  return {
    status: response.status,
    latencyMs,
    dbCalls: Number(response.headers.get('x-db-calls') ?? Number.NaN),
    capacityUnits: Number(response.headers.get('x-db-capacity-units') ?? Number.NaN),
    commands: response.headers.get('x-db-commands') ?? '?',
    serialRoundTrips: Number(response.headers.get('x-db-serial-round-trips') ?? Number.NaN),
    requestBytes: Buffer.byteLength(requestBody),
    body,
  };
}
