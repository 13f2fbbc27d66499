import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, type CfnElement, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

/** The project root, where cdk.json, handler files and package-lock.json live. */
export const projectRoot = path.resolve(__dirname, '../..');

/** The context of cdk.json (the feature flags the CLI gives the app). */
export const cdkJsonContext = (): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(projectRoot, 'cdk.json'), 'utf8')).context;

/**
 * An app configured as `cdk synth` configures bin/app.ts (cdk.json's feature flags), without
 * bundling (asset hashes are faked), so a template takes about a second.
 */
export function testApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context } });
}

/** A stack and every stack nested in it, the parent first. */
export function stacksOf(stack: Stack): Stack[] {
  return [stack, ...stack.node.findAll().filter((construct) => construct instanceof NestedStack)];
}

type TemplateJson = {
  Resources: Record<string, { Properties?: { Parameters?: Record<string, unknown> } }>;
  Outputs?: Record<string, { Value: unknown }>;
  [section: string]: unknown;
};

/** A copy of a template value with every object `replace` answers for replaced by its answer. */
function substitute(value: unknown, replace: (node: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, unknown>;
  const replaced = replace(node);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, substitute(item, replace)]));
}

/**
 * The template of a stack and the stacks nested in it, read as one: each nested stack's resources
 * join the parent's under their own logical ids (what `stack.getLogicalId` gives for a construct of
 * a nested stack), a nested stack's parameter becomes the value its parent passes, and the parent's
 * reads of a nested stack's outputs become the outputs' values. So a nested function's role reads
 * `Fn::GetAtt` of the parent's role, as it would in one stack. Outputs and parameters are the
 * parent's. Throws if two stacks use one logical id.
 */
export function appTemplate(stack: Stack): Template {
  const stacks = stacksOf(stack);
  const templates = new Map(stacks.map((each) => [each, Template.fromStack(each).toJSON() as TemplateJson]));
  const templateOf = (each: Stack) => templates.get(each) as TemplateJson;
  const nested = stacks.filter((each): each is NestedStack => each instanceof NestedStack);
  const resourceIdOf = (child: NestedStack) =>
    (child.nestedStackParent as Stack).getLogicalId(child.nestedStackResource as CfnElement);
  for (const child of nested) {
    const parameters =
      templateOf(child.nestedStackParent as Stack).Resources[resourceIdOf(child)]?.Properties?.Parameters ??
      {};
    templates.set(
      child,
      substitute(templateOf(child), (node) => {
        const ref = node.Ref;
        return typeof ref === 'string' && Object.keys(node).length === 1 ? parameters[ref] : undefined;
      }) as TemplateJson,
    );
  }
  for (const child of [...nested].reverse()) {
    const parent = child.nestedStackParent as Stack;
    const resourceId = resourceIdOf(child);
    const outputs = templateOf(child).Outputs ?? {};
    templates.set(
      parent,
      substitute(templateOf(parent), (node) => {
        const [id, attribute] = (node['Fn::GetAtt'] ?? []) as [unknown, unknown];
        if (id !== resourceId || typeof attribute !== 'string' || !attribute.startsWith('Outputs.'))
          return undefined;
        return outputs[attribute.slice('Outputs.'.length)]?.Value;
      }) as TemplateJson,
    );
  }
  const resources: TemplateJson['Resources'] = {};
  for (const each of stacks) {
    for (const [id, resource] of Object.entries(templateOf(each).Resources)) {
      if (id in resources) throw new Error(`Logical id ${id} is used by two stacks`);
      resources[id] = resource;
    }
  }
  return Template.fromJSON({ ...templateOf(stack), Resources: resources });
}

/** How many resources each stack declares (the parent, then each nested one), by construct path. */
export function resourceCounts(stack: Stack): Map<string, number> {
  return new Map(
    stacksOf(stack).map((each) => [
      each.node.path,
      Object.keys((Template.fromStack(each).toJSON() as TemplateJson).Resources).length,
    ]),
  );
}
