/** The durable scheduled work of disputes (rows in `jobs`; see lib/jobs/README.md). */
export const DISPUTE_JOBS = {
  /** The other side's window to answer (and the two's to settle) ended: admins decide. */
  responseDeadline: 'dispute.response-deadline',
} as const;
