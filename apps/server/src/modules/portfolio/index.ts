/**
 * Editors' public catalogue: portfolios, tiers, samples, search, track record, admin editor
 * management, demo data.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { rescoreEditor } from './catalogue-fields';
export { liveEditor } from './catalogue-query';
export { editorCataloguePlugin } from './editor-catalogue-cache';
export { portfolioModule } from './plugin';
export { isUuid } from './shape';
