/**
 * The human-readable API reference: Redoc's standalone bundle and `docs/openapi.json` inlined into
 * one HTML file, so it opens from disk or any static host with no network access (no CDN). Written
 * by `npm run docs` and served by the local stack at `GET /docs`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const referencePageFile = 'docs/reference.html';

/** Run from the project root, as every script and the dev server are (devDependency `redoc`). */
const redocBundle = join(process.cwd(), 'node_modules/redoc/bundles/redoc.standalone.js');

/** Redoc's browser bundle without its source-map comment (the map is not shipped with the page). */
async function redocScript(): Promise<string> {
  const script = (await readFile(redocBundle, 'utf8')).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  // Inlined as the text of a <script> element, which ends at the first `</script`.
  if (/<\/script/i.test(script)) throw new Error(`${redocBundle} contains </script: it cannot be inlined.`);
  return script;
}

/**
 * The reference page for an OpenAPI document (the text of `docs/openapi.json`). The document is
 * embedded as JSON with `<` escaped, so no description can close the script element.
 */
export async function renderReferencePage(openApiJson: string): Promise<string> {
  const document = JSON.parse(openApiJson) as { info?: { title?: string } };
  const title = escapeHtml(document.info?.title ?? 'API reference');
  const embedded = JSON.stringify(document).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<div id="redoc-container"></div>
<script>${await redocScript()}</script>
<script>
Redoc.init(${embedded}, { hideDownloadButton: false, expandResponses: '200' }, document.getElementById('redoc-container'));
</script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
