/**
 * `npm run docs`: regenerates docs/openapi.json, its openapi-typescript types and the README endpoint
 * table from the route table and the contract registry, the tables of docs/data-model.md from the
 * table's definition (shared/db/entities), then renders the HTML reference
 * (docs/reference.html, not committed) from that openapi.json. Run from the project root.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dataModelFile, renderDataModel } from './data-model';
import { referencePageFile, renderReferencePage } from './reference-page';
import {
  openApiFile,
  openApiTypesFile,
  readmeFile,
  renderOpenApi,
  renderOpenApiTypes,
  renderReadme,
} from './render';

const root = process.cwd();
const [openApi, readme] = await Promise.all([renderOpenApi(root), renderReadme(root)]);
await writeFile(join(root, openApiFile), openApi);
await writeFile(join(root, readmeFile), readme);
await writeFile(join(root, dataModelFile), await renderDataModel(root));
await writeFile(join(root, openApiTypesFile), await renderOpenApiTypes(root));
await writeFile(join(root, referencePageFile), await renderReferencePage(openApi));
console.log(
  `Wrote ${openApiFile}, ${openApiTypesFile}, the endpoint table in ${readmeFile}, the tables of ${dataModelFile} and ${referencePageFile}.`,
);
