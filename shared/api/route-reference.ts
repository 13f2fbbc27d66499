/**
 * The reference's words for every route, composed from the `reference.ts` of each domain (what each
 * operation does, what each field means) over the fields every domain shares. Docs only: read by
 * `npm run docs` and the tests, never by a handler (lint rule `reference-words-stay-out-of-bundles`).
 */

import { accessReference } from '../access/reference';
import { activitiesReference } from '../activities/reference';
import { commentsReference } from '../comments/reference';
import { crdtReference } from '../crdt/reference';
import { erasureReference } from '../erasure/reference';
import { glossaryDescriber, type OpenApiDescriptions } from '../http/openapi-descriptions';
import { sharedFields } from '../http/reference';
import { lifecycleReference } from '../lifecycle/reference';
import { memoryReference } from '../memory/reference';
import { migrationReference } from '../migration/reference';
import { notificationsReference } from '../notifications/reference';
import { organizationsReference } from '../organizations/reference';
import { realtimeReference } from '../realtime/reference';
import { settingsReference } from '../settings/reference';
import { receivingWebhooks, webhooksReference } from '../webhooks/reference';
import { workspaceReference } from '../workspace/reference';

interface Words {
  readonly operations: Readonly<Record<string, string>>;
  readonly fields: Readonly<Record<string, string>>;
}

/** Each domain's words, by the domain's folder name (a route's `domain`). */
const domainWords: Readonly<Record<string, Words>> = {
  access: accessReference,
  activities: activitiesReference,
  comments: commentsReference,
  crdt: crdtReference,
  erasure: erasureReference,
  lifecycle: lifecycleReference,
  memory: memoryReference,
  migration: migrationReference,
  notifications: notificationsReference,
  organizations: organizationsReference,
  realtime: realtimeReference,
  settings: settingsReference,
  webhooks: webhooksReference,
  workspace: workspaceReference,
};

/**
 * The words for the OpenAPI generator, and `unused()`: after a build, every glossary entry (as
 * `<domain>: <key>`, or `shared: <key>`) that described no field, so stale words are found.
 */
export function routeDescriptions(): { descriptions: OpenApiDescriptions; unused: () => string[] } {
  const used = new Set<string>();
  const wordsOf = (domain: string): Words => {
    const words = domainWords[domain];
    if (!words)
      throw new Error(`No reference words for the ${domain} domain (shared/${domain}/reference.ts).`);
    return words;
  };
  const descriptions: OpenApiDescriptions = {
    operation: (route) => wordsOf(route.domain).operations[route.name],
    tags: { webhooks: receivingWebhooks },
    fields: (route) => {
      const own = wordsOf(route.domain).fields;
      const prefix = `${route.name}: `;
      const routeOnly = Object.fromEntries(
        Object.entries(own).flatMap(([key, words]) =>
          key.startsWith(prefix) ? [[key.slice(prefix.length), words]] : [],
        ),
      );
      const forRoute = glossaryDescriber(routeOnly, (key) => used.add(`${route.domain}: ${prefix}${key}`));
      const forAll = glossaryDescriber({ ...sharedFields, ...own }, (key) =>
        used.add(Object.hasOwn(own, key) ? `${route.domain}: ${key}` : `shared: ${key}`),
      );
      return (path) => forRoute(path) ?? forAll(path);
    },
  };
  const unused = () =>
    [
      ...Object.keys(sharedFields).map((key) => `shared: ${key}`),
      ...Object.entries(domainWords).flatMap(([domain, words]) =>
        Object.keys(words.fields).map((key) => `${domain}: ${key}`),
      ),
    ].filter((entry) => !used.has(entry));
  return { descriptions, unused };
}
