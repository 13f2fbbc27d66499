/**
 * `npm run docs`: regenerates docs/openapi.json and the README endpoint table from the route table
 * and the contract registry, the tables of docs/data-model.md from the table's definition
 * (shared/db/entities) and the webhook portal page's module (shared/webhooks/portal-page), then
 * renders the HTML reference (docs/reference.html, not committed) from that openapi.json. Run from
 * the project root.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { committedDocs } from './committed-docs';
import { referencePageFile, renderReferencePage } from './reference-page';
import { openApiFile } from './render';

const root = process.cwd();
for (const { file, render } of committedDocs) await writeFile(join(root, file), await render(root));
const openApi = await readFile(join(root, openApiFile), 'utf8');
await writeFile(join(root, referencePageFile), await renderReferencePage(openApi));
console.log(`Wrote ${committedDocs.map(({ file }) => file).join(', ')} and ${referencePageFile}.`);
