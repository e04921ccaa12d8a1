const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** '24 Nov 2026, 3:30 pm'. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
/** '24 Nov 2026'. */
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
