// The web app's map, enforced: see ARCHITECTURE.md.
export const webArchitecture = [];
