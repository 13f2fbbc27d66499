import { routeContracts } from '../../../shared/api/route-contracts';
import { defaultMaxBodyBytes, type RouteDefinition, routes } from '../../../shared/api/routes';
import { unroutedHandler } from '../../../shared/api/unrouted';
import { logger } from '../../../shared/core/logger';
import { loadRouteHandler } from '../../support/handlers';
import { type CallOptions, type CallResult, call, dataOf } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;

beforeAll(async () => {
  workspace = await createTestWorkspace();
});

const credentialsFor = (auth: string): Record<string, string> =>
  auth === 'apiKey' ? workspace.apiKeyHeaders : auth === 'workspace' ? workspace.workspaceHeaders : {};

function expectFailure(response: CallResult, httpStatus: number, status: string) {
  expect(response.statusCode).toBe(httpStatus);
  expect(response.json.error?.status).toBe(status);
  expect(typeof response.json.error?.message).toBe('string');
  expect(response.json.result).toBeUndefined();
  expect(response.headers['x-request-id']).toMatch(/.+/);
}

describe.each(routes.map((route): [string, RouteDefinition] => [route.name, route]))(
  '%s refuses bad input',
  (_name, route) => {
    const send = async (options: CallOptions) =>
      call(await loadRouteHandler(route), {
        path: route.path,
        ...options,
        headers: { ...credentialsFor(route.auth), ...options.headers },
      });

    it('answers a body that is not JSON with INVALID_ARGUMENT', async () => {
      const response = await send({ body: '{"data": ' });
      expectFailure(response, 400, 'INVALID_ARGUMENT');
      expect(response.json.error?.message).toMatch(/not valid JSON/);
    });

    it('answers a body without data with INVALID_ARGUMENT naming data', async () => {
      const response = await send({ body: '{}' });
      expectFailure(response, 400, 'INVALID_ARGUMENT');
      expect(response.json.error?.message).toBe('data: required');
    });

    it.each([['[]'], ['"text"'], ['null'], ['{"data": []}'], ['{"data": "x"}'], ['{"data": null}']])(
      'answers the body %s with INVALID_ARGUMENT',
      async (body) => {
        expectFailure(await send({ body }), 400, 'INVALID_ARGUMENT');
      },
    );

    it('answers unknown fields in data with INVALID_ARGUMENT naming the field', async () => {
      const response = await send({ data: { notAField: 1 } });
      expectFailure(response, 400, 'INVALID_ARGUMENT');
      expect(response.json.error?.details?.issues).toEqual(
        expect.arrayContaining([{ path: 'notAField', message: 'unknown field notAField' }]),
      );
    });

    it("answers a body over the route's limit with INVALID_ARGUMENT naming the limit, before parsing", async () => {
      const limit = route.maxBodyBytes ?? defaultMaxBodyBytes;
      const response = await send({ body: `{"data": {"x": "${'a'.repeat(limit)}"` });
      expectFailure(response, 400, 'INVALID_ARGUMENT');
      expect(response.json.error?.message).toBe(
        `Request body exceeds the ${limit / (1024 * 1024)} MiB limit.`,
      );
    });

    it('answers a method other than POST with HTTP 405', async () => {
      expectFailure(await send({ method: 'GET' }), 405, 'INVALID_ARGUMENT');
    });

    if (route.auth !== 'none') {
      it('answers missing credentials with PERMISSION_DENIED', async () => {
        const response = await call(await loadRouteHandler(route), { path: route.path, data: {} });
        expectFailure(response, 403, 'PERMISSION_DENIED');
      });

      it('answers a wrong token with PERMISSION_DENIED without saying which half was wrong', async () => {
        const headers = { ...credentialsFor(route.auth) };
        const tokenHeader = route.auth === 'apiKey' ? 'x-svc-auth-token' : 'x-svc-workspace-auth-token';
        const idHeader = route.auth === 'apiKey' ? 'x-svc-api-key' : 'x-svc-workspace-id';
        const wrongToken = await call(await loadRouteHandler(route), {
          path: route.path,
          data: {},
          headers: { ...headers, [tokenHeader]: 'wrong' },
        });
        const wrongId = await call(await loadRouteHandler(route), {
          path: route.path,
          data: {},
          headers: { ...headers, [idHeader]: 'x'.repeat(5000) },
        });
        expectFailure(wrongToken, 403, 'PERMISSION_DENIED');
        expectFailure(wrongId, 403, 'PERMISSION_DENIED');
        expect(wrongToken.json.error?.message).toBe(wrongId.json.error?.message);
      });
    }
  },
);

describe('header names', () => {
  it('are case-insensitive', async () => {
    const route = routes.find((candidate) => candidate.name === 'workspace.domains.get')!;
    const response = await call(await loadRouteHandler(route), {
      path: route.path,
      headers: { 'X-Svc-Api-Key': workspace.apiKey, 'X-SVC-AUTH-TOKEN': workspace.authToken },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('unrouted requests', () => {
  it('answer an unknown path with NOT_FOUND in the failure envelope', async () => {
    const response = await call(unroutedHandler, { path: '/v2/nothing/here' });
    expectFailure(response, 404, 'NOT_FOUND');
  });

  it('answer a known path with another method with HTTP 405', async () => {
    const response = await call(unroutedHandler, { path: '/v2/workspace/create', method: 'PUT' });
    expectFailure(response, 405, 'INVALID_ARGUMENT');
  });
});

describe('unexpected errors', () => {
  it('are answered as an opaque INTERNAL naming the request id, without internals', async () => {
    const { defineEndpoint } = await import('../../../shared/api/define-endpoint');
    const failing = defineEndpoint({
      routes,
      route: 'workspace.get',
      input: routeContracts['workspace.get'].input,
      run: async () => {
        throw new Error('secret internal detail');
      },
    });
    const response = await call(failing, { headers: workspace.workspaceHeaders });
    expectFailure(response, 500, 'INTERNAL');
    expect(response.json.error?.message).toContain(response.headers['x-request-id']);
    expect(JSON.stringify(response.json)).not.toMatch(/secret internal detail|at .*\.ts/);
  });
});

describe('a request past the function’s deadline', () => {
  it('is answered DEADLINE_EXCEEDED (504), not INTERNAL', async () => {
    const { defineEndpoint } = await import('../../../shared/api/define-endpoint');
    const slow = defineEndpoint({
      routes,
      route: 'workspace.get',
      input: routeContracts['workspace.get'].input,
      run: () => new Promise<never>(() => undefined),
    });
    const response = await call(slow, { headers: workspace.workspaceHeaders, timeoutMs: 300 });
    expectFailure(response, 504, 'DEADLINE_EXCEEDED');
    expect(response.json.error?.message).toMatch(/did not finish in time/);
  });
});

describe('prefetch', () => {
  /**
   * Defines the route with a prefetch that throws and calls it with `wrongAuth`: the answer is the
   * auth failure, the prefetch's error never reaches it, and its rejection is handled.
   */
  const expectFailedAuthToIgnoreFailingPrefetch = async (
    define: (prefetch: () => Promise<string>) => Promise<Parameters<typeof call>[0]>,
    wrongAuth: Parameters<typeof call>[1],
  ) => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const handler = await define(async () => {
        throw new Error('prefetched secret');
      });
      const response = await call(handler, wrongAuth);
      expectFailure(response, 403, 'PERMISSION_DENIED');
      expect(JSON.stringify(response.json)).not.toContain('prefetched secret');
      await new Promise((done) => setImmediate(done));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  };

  const defineWithPrefetch = async (prefetch: (args: { apiKey: string }) => Promise<string>) => {
    const { defineEndpoint } = await import('../../../shared/api/define-endpoint');
    // A route whose input is `{}` and whose answer is a list of strings: the prefetch's result is listed.
    return defineEndpoint({
      routes,
      route: 'workspace.domains.get',
      input: routeContracts['workspace.domains.get'].input,
      prefetch,
      run: async ({ prefetched }) => ({ message: 'ok', data: { domains: [await prefetched] } }),
    });
  };

  it('starts together with the auth read, and run receives its result', async () => {
    const { getActivityConfig } = await import('../../../shared/settings/service');
    const handler = await defineWithPrefetch(async ({ apiKey }) =>
      JSON.stringify(await getActivityConfig(apiKey)),
    );
    const response = await call(handler, { headers: workspace.apiKeyHeaders });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response).domains).toEqual(['{"isEnabled":false}']);
    expect(response.db.calls).toBe(2);
    expect(response.db.serialRoundTrips).toBe(1);
  });

  it('answers a failed auth as before, never awaiting nor leaking a prefetch that fails', () =>
    expectFailedAuthToIgnoreFailingPrefetch(defineWithPrefetch, {
      headers: { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong' },
    }));

  it('reports invalid input only once auth has passed, and prefetches nothing for it', async () => {
    const prefetch = jest.fn(async () => 'read');
    const handler = await defineWithPrefetch(prefetch);
    const invalid = { data: { size: 'big' } };
    const wrongAuth = await call(handler, {
      ...invalid,
      headers: { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong' },
    });
    expectFailure(wrongAuth, 403, 'PERMISSION_DENIED');
    const rightAuth = await call(handler, { ...invalid, headers: workspace.apiKeyHeaders });
    expectFailure(rightAuth, 400, 'INVALID_ARGUMENT');
    expect(rightAuth.json.error?.details?.issues?.[0]?.path).toBe('size');
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('is refused on a route without authentication', async () => {
    const { defineEndpoint } = await import('../../../shared/api/define-endpoint');
    expect(() =>
      defineEndpoint({
        routes,
        route: 'workspace.create',
        input: routeContracts['workspace.create'].input,
        prefetch: async () => 'read',
        run: async () => {
          throw new Error('never run');
        },
      }),
    ).toThrow(/prefetch needs an authenticated route/);
  });

  describe('on a workspace route', () => {
    // A workspace route whose input is `{ apiKey }`: the prefetch's result is the auth token listed.
    const defineWorkspacePrefetch = async (prefetch: (args: { workspaceId: string }) => Promise<string>) => {
      const { defineEndpoint } = await import('../../../shared/api/define-endpoint');
      return defineEndpoint({
        routes,
        route: 'workspace.authtokens.get',
        input: routeContracts['workspace.authtokens.get'].input,
        prefetch,
        run: async ({ input, prefetched }) => ({
          message: 'ok',
          data: { apiKey: input.apiKey, authTokens: [{ token: await prefetched, name: 'n', domains: [] }] },
        }),
      });
    };

    it('is keyed by the workspace id header and starts together with the auth read', async () => {
      const { getActivityConfig } = await import('../../../shared/settings/service');
      const prefetch = jest.fn(async ({ workspaceId }: { workspaceId: string }) => {
        await getActivityConfig(workspace.apiKey);
        return workspaceId;
      });
      const handler = await defineWorkspacePrefetch(prefetch);
      const response = await call(handler, {
        headers: workspace.workspaceHeaders,
        data: { apiKey: workspace.apiKey },
      });
      expect(dataOf(response).authTokens[0].token).toBe(workspace.workspaceId);
      expect(response.db.calls).toBe(2);
      expect(response.db.serialRoundTrips).toBe(1);
    });

    it('answers a failed auth as before, never awaiting nor leaking a prefetch that fails', () =>
      expectFailedAuthToIgnoreFailingPrefetch(defineWorkspacePrefetch, {
        headers: { ...workspace.workspaceHeaders, 'x-svc-workspace-auth-token': 'wrong' },
        data: { apiKey: workspace.apiKey },
      }));

    it('starts nothing without a usable workspace id header', async () => {
      const prefetch = jest.fn(async () => 'read');
      const handler = await defineWorkspacePrefetch(prefetch);
      const response = await call(handler, {
        headers: { ...workspace.workspaceHeaders, 'x-svc-workspace-id': '' },
        data: { apiKey: workspace.apiKey },
      });
      expectFailure(response, 403, 'PERMISSION_DENIED');
      expect(prefetch).not.toHaveBeenCalled();
    });
  });
});

describe('request logs', () => {
  it('are structured JSON and never contain credentials', async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    logger.setLogLevel('DEBUG');
    try {
      const route = routes.find((candidate) => candidate.name === 'workspace.domains.get')!;
      await call(await loadRouteHandler(route), { path: route.path, headers: workspace.apiKeyHeaders });
      await call(await loadRouteHandler(route), {
        path: route.path,
        headers: { ...workspace.apiKeyHeaders, 'x-svc-auth-token': 'wrong-token-value' },
      });
    } finally {
      logger.setLogLevel('SILENT');
      spy.mockRestore();
    }
    const lines = written.join('').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      const entry = JSON.parse(line);
      expect(entry.route).toBe('workspace.domains.get');
      expect(entry.requestId).toMatch(/.+/);
      expect(line).not.toContain(workspace.authToken);
      expect(line).not.toContain('wrong-token-value');
    }
  });
});
