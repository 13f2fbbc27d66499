import { dataModelFile, renderDataModel } from './data-model';
import { eventCatalogModuleFile, renderEventCatalogModule } from './event-catalog';
import { portalPageModuleFile, renderPortalPageModule } from './portal-page';
import { openApiFile, readmeFile, renderOpenApi, renderReadme } from './render';

/**
 * The generated files committed to the repository, in the order `npm run docs` writes them, each
 * with its fresh rendering: the docs test holds every checked-in one equal to it.
 */
export const committedDocs: { file: string; render: (root: string) => Promise<string> }[] = [
  { file: openApiFile, render: renderOpenApi },
  { file: readmeFile, render: renderReadme },
  { file: dataModelFile, render: renderDataModel },
  { file: portalPageModuleFile, render: renderPortalPageModule },
  { file: eventCatalogModuleFile, render: renderEventCatalogModule },
];
