import * as path from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { CollabStack, type CollabStackProps } from '../../lib/collab-stack';
import { parseStackContext } from '../../lib/stack-context';
import { pageRouteKey, pages } from '../../shared/http/pages';
import { appTemplate } from '../support/cdk-app';

type Resource = { Type: string; Properties: Record<string, any> };

/** Synthesises the stack without bundling, with the given optional props. */
function synth(props: Partial<CollabStackProps> = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CollabStack(app, 'collab-pages-test', {
    stage: 'test',
    projectRoot: path.resolve(__dirname, '../..'),
    ...props,
  });
  const resources = appTemplate(stack).toJSON().Resources as Record<string, Resource>;
  const portal = stack.http.functions.get('GET /portal');
  if (!portal) throw new Error('No function for GET /portal');
  const functionId = Stack.of(portal).getLogicalId(portal.node.defaultChild as CfnElement);
  return { stack, resources, portal, functionId, properties: resources[functionId]?.Properties ?? {} };
}

const synthesised = synth();

describe('GET /portal', () => {
  it('is declared once, as a page of the webhooks domain', () => {
    expect(pages.map((page) => [pageRouteKey(page), page.domain])).toEqual([['GET /portal', 'webhooks']]);
  });

  it("routes GET /portal to the page's function, in the webhooks nested stack", () => {
    const { stack, resources, portal, functionId } = synthesised;
    expect(Stack.of(portal)).toBe(stack.http.routeStacks.stacks.get('webhooks'));
    const routes = Object.values(resources).filter(
      (resource) =>
        resource.Type === 'AWS::ApiGatewayV2::Route' && resource.Properties.RouteKey === 'GET /portal',
    );
    expect(routes).toHaveLength(1);
    const integrationId = routes[0]?.Properties.Target['Fn::Join'][1][1].Ref;
    expect(resources[integrationId]?.Properties).toMatchObject({
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [functionId, 'Arn'] },
    });
    expect(synthesised.properties.Handler).toBe('index.handler');
  });

  it('grants the page function no table or queue access', () => {
    const { resources, properties } = synthesised;
    const roleId = (properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const actions = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((ref) => ref.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement.flatMap((s: any) => [s.Action].flat()));
    expect(actions.filter((action: string) => /^(dynamodb|sqs):/.test(action))).toEqual([]);
  });

  it("leaves PORTAL_FRAME_ANCESTORS to the env default ('none') when unset", () => {
    expect(synthesised.properties.Environment.Variables).not.toHaveProperty('PORTAL_FRAME_ANCESTORS');
  });

  it('passes portalFrameAncestors from the context to the page function only', () => {
    const configured = synth({
      portalFrameAncestors: parseStackContext({ portalFrameAncestors: "'self' https://app.example.com" })
        .portalFrameAncestors,
    });
    expect(configured.properties.Environment.Variables.PORTAL_FRAME_ANCESTORS).toBe(
      "'self' https://app.example.com",
    );
    const others = Object.entries(configured.resources).filter(
      ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id !== configured.functionId,
    );
    expect(others.length).toBeGreaterThan(10);
    for (const [, fn] of others)
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('PORTAL_FRAME_ANCESTORS');
  });

  it.each([
    "https://app.example.com; script-src 'unsafe-inline'",
    "'none' https://app.example.com",
    'https://a.example.com,https://b.example.com',
    '',
  ])('refuses portalFrameAncestors %p at synth', (value) => {
    expect(() => parseStackContext({ portalFrameAncestors: value })).toThrow(/portalFrameAncestors/);
    expect(() => synth({ portalFrameAncestors: value })).toThrow(/portalFrameAncestors/);
  });
});
