import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUrlIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import { Construct } from 'constructs';
import { CollabStack } from '../../lib/collab-stack';
import { type RouteDefinition, routes } from '../../shared/api/routes';
import { projectRoot, resourceCounts, stacksOf, testApp } from '../support/cdk-app';

type Resource = { Type: string; Properties?: Record<string, unknown>; [policy: string]: unknown };

/** CloudFormation refuses a stack of more than 500 resources; today's stacks keep to half of it. */
const limits = { cloudFormation: 500, today: 250 } as const;

/** The table's logical id in the deployed single-stack layout: a new id would replace the table. */
const deployedTableId = 'DataTableFDBAD0F2';

function synth(stackRoutes: readonly RouteDefinition[] = routes) {
  const stack = new CollabStack(testApp(), 'collab-backend-layout', {
    stage: 'test',
    projectRoot,
    routes: stackRoutes,
  });
  return { stack, counts: resourceCounts(stack) };
}

const full = synth();
const { stack } = full;
const resourcesOf = (each: Stack) => Template.fromStack(each).toJSON().Resources as Record<string, Resource>;
const parentResources = resourcesOf(stack);
const routeStacks = [...stack.http.routeStacks.stacks];
const routesOf = (stackRoutes: readonly RouteDefinition[], domain: string) =>
  stackRoutes.filter((route) => route.domain === domain).length;

/** The first route of each domain that has others: every nested stack stays, one route lighter. */
const fewerRoutes = routes.filter(
  (route) =>
    routesOf(routes, route.domain) < 2 || routes.find((other) => other.domain === route.domain) !== route,
);
const reduced = synth(fewerRoutes);

/**
 * Each stack's resources per route, measured: the resources it loses with the routes it loses. A
 * stack that loses no route (a domain of one route) counts all its resources against its routes.
 */
const budgets = [
  { path: stack.node.path, routes: routes.length, fewer: fewerRoutes.length },
  ...routeStacks.map(([domain, nested]) => ({
    path: nested.node.path,
    routes: routesOf(routes, domain),
    fewer: routesOf(fewerRoutes, domain),
  })),
].map((budget) => {
  const count = full.counts.get(budget.path) ?? Number.NaN;
  const lost = budget.routes - budget.fewer;
  const perRoute =
    lost > 0 ? (count - (reduced.counts.get(budget.path) ?? Number.NaN)) / lost : count / budget.routes;
  return { ...budget, count, perRoute, doubled: count + routes.length * perRoute };
});

describe('Stack layout', () => {
  it('puts the route functions in one nested stack per domain of the route table', () => {
    const domains = [...new Set(routes.map((route) => route.domain))];
    expect(routeStacks.map(([domain]) => domain)).toEqual(domains);
    for (const route of routes) {
      const fn = stack.http.functions.get(route.name);
      expect(fn && Stack.of(fn)).toBe(stack.http.routeStacks.stacks.get(route.domain));
    }
    expect(stacksOf(stack)).toHaveLength(1 + domains.length);
  });

  it(`keeps every stack at ${limits.today} resources or fewer, with room for twice today's routes under ${limits.cloudFormation}`, () => {
    for (const budget of budgets) {
      process.stdout.write(
        `${budget.path}: ${budget.count} resources, ${budget.routes} routes, ${budget.perRoute} per route, ${budget.doubled} with ${routes.length} more routes\n`,
      );
      expect(budget.count).toBeLessThanOrEqual(limits.today);
      expect(budget.perRoute).toBeGreaterThan(0);
      expect(budget.doubled).toBeLessThan(limits.cloudFormation);
    }
  });

  it('passes cdk-nag (AwsSolutions) on every stack, nested ones included', () => {
    for (const each of stacksOf(stack)) {
      const report = new AwsSolutionsChecks().validateScope(each);
      expect({ stack: each.node.path, violations: report.violations }).toEqual({
        stack: each.node.path,
        violations: [],
      });
      expect(report.success).toBe(true);
    }
  });

  it("fails the app's synth on a finding nobody acknowledged inside a nested stack", () => {
    const app = testApp();
    const nagged = new CollabStack(app, 'collab-backend-layout-nag', { stage: 'test', projectRoot });
    const [, nested] = [...nagged.http.routeStacks.stacks][0] ?? [];
    if (!nested) throw new Error('No nested stack');
    new Secret(nested, 'Unrotated');
    // As bin/app.ts registers it; the tests switch CDK's validation off, this one switches it back on.
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const saved = process.env.CDK_VALIDATION;
    delete process.env.CDK_VALIDATION;
    try {
      expect(() => app.synth()).toThrow(/AwsSolutions-SMG4/);
    } finally {
      process.env.CDK_VALIDATION = saved;
    }
  });

  it('keeps the table in the parent stack under its deployed logical id, retained on delete and replace', () => {
    expect(stack.getLogicalId(stack.data.table.node.defaultChild as CfnElement)).toBe(deployedTableId);
    expect(parentResources[deployedTableId]).toMatchObject({
      Type: 'AWS::DynamoDB::GlobalTable',
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    for (const [, nested] of routeStacks) {
      const types = Object.values(resourcesOf(nested)).map((resource) => resource.Type);
      expect(types).not.toContain('AWS::DynamoDB::GlobalTable');
    }
  });

  it('keeps every API route in the parent under the logical id HttpApi.addRoutes gives it (route keys are unique per API)', () => {
    // The single-stack layout's ids: the same construct paths in a scratch stack.
    const scratch = new Stack(testApp(), 'scratch');
    const api = new HttpApi(new Construct(scratch, 'Http'), 'Api');
    const expected = routes.map((route) => {
      const [added] = api.addRoutes({
        path: route.path,
        methods: [HttpMethod.POST],
        integration: new HttpUrlIntegration(`${route.name}Url`, 'https://example.com'),
      });
      return scratch.getLogicalId(added?.node.defaultChild as CfnElement);
    });
    for (const [index, id] of expected.entries()) {
      expect(parentResources[id]).toMatchObject({
        Type: 'AWS::ApiGatewayV2::Route',
        Properties: { RouteKey: `POST ${routes[index]?.path}` },
      });
    }
    for (const [, nested] of routeStacks) {
      const types = Object.values(resourcesOf(nested)).map((resource) => resource.Type);
      expect(types).not.toContain('AWS::ApiGatewayV2::Route');
    }
  });

  it('names nothing in the nested stacks, so resources moving into them collide with none left behind', () => {
    for (const [, nested] of routeStacks) {
      for (const resource of Object.values(resourcesOf(nested))) {
        expect([
          'AWS::Lambda::Function',
          'AWS::ApiGatewayV2::Integration',
          'AWS::Lambda::Permission',
        ]).toContain(resource.Type);
        if (resource.Type === 'AWS::Lambda::Function')
          expect(resource.Properties).not.toHaveProperty('FunctionName');
      }
    }
  });

  it('keeps the outputs on the parent stack under their names', () => {
    const outputs = Object.keys(Template.fromStack(stack).findOutputs('*'));
    for (const name of ['ApiUrl', 'RealtimeUrl', 'TableName', 'DataKeySecretArn', 'AlarmTopicArn']) {
      expect(outputs).toContain(name);
    }
    expect(outputs.filter((name) => name.startsWith('QueueUrl')).length).toBeGreaterThan(0);
  });
});
