/**
 * Site-wide public data: settings for the pages, robots.txt and the sitemap.
 *
 * This file is the module's one face: other modules and the composition root import only from here
 * (ESLint refuses a reach into any other file of the module; see ARCHITECTURE.md).
 */
export { crawlerRoutes } from './crawlers';
export { siteModule } from './plugin';
