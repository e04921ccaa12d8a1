/** The family every notification query is under (the bell's lines, its figures, the preferences). */
export const notificationsKey = ['notifications'] as const;
