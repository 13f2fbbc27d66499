import type { RouteName } from '../../../shared/api/routes';
import { accessArea } from './access';
import { activitiesArea } from './activities';
import { commentsArea } from './comments';
import { crdtArea } from './crdt';
import { lifecycleArea } from './lifecycle';
import { memoryArea } from './memory';
import { migrationArea } from './migration';
import { notificationsArea } from './notifications';
import { organizationsArea } from './organizations';
import { settingsArea } from './settings';
import type { Area, BenchContext, BenchRequest } from './types';
import { webhooksArea } from './webhooks';
import { workspaceArea } from './workspace';

/** A scenario with its area's seeded fixture applied: what the runner calls, per request index. */
export interface BoundScenario {
  /** The row name: the route, plus ` (<variant>)` for an extra row of the same route. */
  row: string;
  prepare?(index: number): Promise<unknown>;
  request(index: number): BenchRequest;
}

/** Every route's scenarios, ready to run, and the workspace the raw GetItem floor reads. */
export interface PreparedScenarios {
  byRoute: ReadonlyMap<RouteName, readonly BoundScenario[]>;
  floorWorkspaceId: string;
}

async function seedAndBind<F>(
  area: Area<F>,
  context: BenchContext,
  byRoute: Map<RouteName, BoundScenario[]>,
): Promise<F> {
  console.error(`Seeding ${area.name}...`);
  const fixture = await area.seed(context);
  for (const [route, declared] of Object.entries(area.scenarios) as [
    RouteName,
    Area<F>['scenarios'][RouteName],
  ][]) {
    if (!declared) continue;
    if (byRoute.has(route)) throw new Error(`${route} has scenarios in more than one area`);
    const list = 'request' in declared ? [declared] : declared;
    byRoute.set(
      route,
      list.map((scenario) => ({
        row: scenario.variant ? `${route} (${scenario.variant})` : route,
        ...(scenario.prepare && { prepare: (index: number) => scenario.prepare!(fixture, index) }),
        request: (index) => scenario.request(fixture, index),
      })),
    );
  }
  return fixture;
}

/**
 * Seeds every area through the API itself (so it works on any stack), once, before anything is
 * measured. A route missing here shows up as a 'no scenario' row instead of being skipped.
 */
export async function prepareScenarios(url: string, requestsPerScenario: number): Promise<PreparedScenarios> {
  const context: BenchContext = { url, runId: Date.now().toString(36), requestsPerScenario };
  const byRoute = new Map<RouteName, BoundScenario[]>();
  const workspace = await seedAndBind(workspaceArea, context, byRoute);
  // Each area seeds its own workspace, so one area's data never changes what another's routes read.
  await seedAndBind(settingsArea, context, byRoute);
  await seedAndBind(webhooksArea, context, byRoute);
  await seedAndBind(organizationsArea, context, byRoute);
  await seedAndBind(accessArea, context, byRoute);
  await seedAndBind(activitiesArea, context, byRoute);
  await seedAndBind(notificationsArea, context, byRoute);
  await seedAndBind(crdtArea, context, byRoute);
  await seedAndBind(memoryArea, context, byRoute);
  await seedAndBind(commentsArea, context, byRoute);
  await seedAndBind(migrationArea, context, byRoute);
  await seedAndBind(lifecycleArea, context, byRoute);
  return { byRoute, floorWorkspaceId: workspace.workspace.id };
}
