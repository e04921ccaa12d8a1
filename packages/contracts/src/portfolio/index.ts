/** Editors' portfolios: tiers, samples and their uploads, the public list and the admin's editing. */

export * from './tiers';
export * from './tags';
export * from './uploads';
export * from './shapes';
export * from './inputs';
export * from './messages';
