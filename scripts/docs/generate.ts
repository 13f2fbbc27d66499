/**
 * `npm run docs`: regenerates docs/openapi.json and the README endpoint table from the route table
 * and the handlers' input schemas, then renders the HTML reference (docs/reference.html, not
 * committed) from that openapi.json. Run from the project root.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { referencePageFile, renderReferencePage } from './reference-page';
import { openApiFile, readmeFile, renderOpenApi, renderReadme } from './render';

const root = process.cwd();
const [openApi, readme] = await Promise.all([renderOpenApi(root), renderReadme(root)]);
await writeFile(join(root, openApiFile), openApi);
await writeFile(join(root, readmeFile), readme);
await writeFile(join(root, referencePageFile), await renderReferencePage(openApi));
console.log(`Wrote ${openApiFile}, the endpoint table in ${readmeFile} and ${referencePageFile}.`);
