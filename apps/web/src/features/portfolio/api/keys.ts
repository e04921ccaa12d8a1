/**
 * The family of the catalogue's queries (the list, a search, an editor's page): a change to an editor
 * invalidates it. Other features that change what the catalogue shows (a review's stars) do the same.
 */
export const editorsKey = ['editors'] as const;

/** The family of the admin's editor queries (the list, one editor). */
export const adminEditorsKey = ['admin', 'editors'] as const;
