/**
 * The pages the service serves itself, declared once: each is `GET <path>` on the HTTP API, answered
 * by its own function (in its domain's nested stack, with no table or queue access), and the same
 * handler under the dev server. Pure data, because the CDK app reads it at synth time.
 */
export interface PageDefinition {
  /** Names the handler file (`functions/<domain>/<name>-page.ts`) and the function. */
  readonly name: string;
  readonly path: string;
  /** The `shared/<domain>` module it belongs to (its nested stack and its handler's folder). */
  readonly domain: string;
  readonly summary: string;
}

export const pages = [
  {
    name: 'portal',
    path: '/portal',
    domain: 'webhooks',
    summary: 'The webhook portal: an app customer sees and fixes their own webhooks with a portal session.',
  },
] as const satisfies readonly PageDefinition[];

/** Project-relative path of a page's handler file: `portal` (webhooks) → `functions/webhooks/portal-page.ts`. */
export const pageHandlerFile = (page: Pick<PageDefinition, 'name' | 'domain'>): string =>
  `functions/${page.domain}/${page.name}-page.ts`;

/** A CloudFormation-safe identifier of a page: `portal` → `PortalPage`. */
export const pageId = (page: Pick<PageDefinition, 'name'>): string =>
  `${page.name.charAt(0).toUpperCase()}${page.name.slice(1)}Page`;

/** The route key of a page on the HTTP API: `GET /portal`. */
export const pageRouteKey = (page: Pick<PageDefinition, 'path'>): string => `GET ${page.path}`;

/** The page at a path, if any. */
export const pageForPath = (path: string): PageDefinition | undefined =>
  pages.find((page) => page.path === path);
