import { routeContracts } from '../../../shared/api/route-contracts';
import { routeExamples } from '../../../shared/api/route-examples';
import { type RouteDefinition, type RouteName, routes } from '../../../shared/api/routes';
import { assertContract } from '../../support/contract';

const definition = { route: { name: 'workspace.domains.get' as const } };
const ok = {
  result: { status: 'success', message: 'Domains retrieved.', data: { domains: ['example.com'] } },
};

describe('the contract check of every test response', () => {
  it('covers every route of the route table with exactly one contract', () => {
    expect(Object.keys(routeContracts).sort()).toEqual(routes.map((route) => route.name).sort());
  });

  it.each<RouteDefinition>(routes)(
    'answers $name bare exactly when its output schema has no envelope',
    (route) => {
      // The envelope's `status` is in every enveloped route's output schema.
      expect(route.bare === true).toBe(!('status' in routeContracts[route.name as RouteName].output.shape));
    },
  );

  it.each(routes.map((route) => route.name))("accepts %s's documented example", (name) => {
    expect(() =>
      assertContract({ route: { name } }, 200, { result: routeExamples[name].response }),
    ).not.toThrow();
  });

  it('accepts a success body matching the route output schema', () => {
    expect(() => assertContract(definition, 200, ok)).not.toThrow();
  });

  it('fails naming the route and the issue path when a field has the wrong type', () => {
    const wrong = { result: { ...ok.result, data: { domains: [42] } } };
    expect(() => assertContract(definition, 200, wrong)).toThrow(
      /workspace\.domains\.get.*result\.data\.domains\.0/,
    );
  });

  it('fails when a documented field is missing', () => {
    const missing = { result: { status: 'success', message: 'x', data: {} } };
    expect(() => assertContract(definition, 200, missing)).toThrow(/result\.data\.domains/);
  });

  it('fails naming the path when a body carries a field the documented schema lacks, at any depth', () => {
    const top = { result: { ...ok.result, extra: 1 } };
    expect(() => assertContract(definition, 200, top)).toThrow(
      /workspace\.domains\.get answered a body outside its documented schema: \/result: must NOT have additional properties \(extra\)/,
    );
    const deep = { result: { ...ok.result, data: { domains: [], internal: 'x' } } };
    expect(() => assertContract(definition, 200, deep)).toThrow(/\/result\/data: .*\(internal\)/);
  });

  it('fails when a memory route answers the success envelope instead of its bare body', () => {
    expect(() =>
      assertContract({ route: { name: 'memory.search' } }, 200, {
        result: { status: 'success', message: 'x', data: {} },
      }),
    ).toThrow(/memory\.search.*results/);
  });

  it('fails when a failure body leaves the error envelope', () => {
    expect(() => assertContract(definition, 404, { error: { status: 'MISSING', message: 'x' } })).toThrow(
      /HTTP 404 outside the error envelope: error\.status/,
    );
    expect(() =>
      assertContract(definition, 400, { error: { status: 'INVALID_ARGUMENT', message: 'x' } }),
    ).not.toThrow();
  });
});
