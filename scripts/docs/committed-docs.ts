import { dataModelFile, renderDataModel } from './data-model';
import {
  openApiFile,
  openApiTypesFile,
  readmeFile,
  renderOpenApi,
  renderOpenApiTypes,
  renderReadme,
} from './render';

/**
 * The generated files committed to the repository, in the order `npm run docs` writes them (the
 * types are made of the written `docs/openapi.json`), each with its fresh rendering: the docs test
 * holds every checked-in one equal to it.
 */
export const committedDocs: { file: string; render: (root: string) => Promise<string> }[] = [
  { file: openApiFile, render: renderOpenApi },
  { file: openApiTypesFile, render: renderOpenApiTypes },
  { file: readmeFile, render: renderReadme },
  { file: dataModelFile, render: renderDataModel },
];
