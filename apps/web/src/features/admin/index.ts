// The admin dashboard's shell (layout, home, menu): nothing here is used by another feature; the route
// table reaches the screens through routes.ts. Each admin screen lives in its domain's feature.
export {};
