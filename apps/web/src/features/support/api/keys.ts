/**
 * The family of the admin's support desk queries. A ticket filed through the contact or connect form
 * invalidates it, so the desk never shows a list from before it.
 */
export const supportTicketsKey = ['admin', 'support-tickets'] as const;

/** The signed-in member's own tickets (/profile/support-tickets); their new ticket invalidates them. */
export const myTicketsKey = ['support', 'my-tickets'] as const;
