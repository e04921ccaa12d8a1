// The server's map, enforced: see ARCHITECTURE.md.
export const serverArchitecture = [];
