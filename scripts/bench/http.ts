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
  body: string;
}

function post(url: string, path: string, headers: Record<string, string>, data: unknown) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
}

/** POSTs `{ data }` and returns the parsed body; throws unless the answer is HTTP 200 (fixture set-up). */
export async function postJson(
  url: string,
  path: string,
  headers: Record<string, string>,
  data: unknown,
): Promise<SuccessBody> {
  const response = await post(url, path, headers, data);
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
  const start = performance.now();
  const response = await post(url, path, headers, data);
  const body = await response.text();
  const latencyMs = performance.now() - start;
  return {
    status: response.status,
    latencyMs,
    dbCalls: Number(response.headers.get('x-db-calls') ?? Number.NaN),
    capacityUnits: Number(response.headers.get('x-db-capacity-units') ?? Number.NaN),
    commands: response.headers.get('x-db-commands') ?? '?',
    body,
  };
}
