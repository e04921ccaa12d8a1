/** The admins' disputes queue (the server's notices link to a case below it). */
export const DISPUTES_PATH = '/admin/disputes';
/** One case file. */
export const disputePath = (disputeId: string) => `${DISPUTES_PATH}/${encodeURIComponent(disputeId)}`;
