/**
 * `npm run docs`: regenerates docs/openapi.json and the README endpoint table from the route table
 * and the handlers' input schemas. Run from the project root.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApiFile, readmeFile, renderOpenApi, renderReadme } from './render';

const root = process.cwd();
const [openApi, readme] = await Promise.all([renderOpenApi(root), renderReadme(root)]);
await writeFile(join(root, openApiFile), openApi);
await writeFile(join(root, readmeFile), readme);
console.log(`Wrote ${openApiFile} and the endpoint table in ${readmeFile}.`);
