/**
 * Test-only crash points: deterministic kill -9 between a write and its gateway call, and between the
 * call and recording its answer. `crashPoint(name)` does nothing unless the process was started with
 * `CUTROOM_CRASH_AT=<name>`; then the process kills itself with SIGKILL at once, at that exact step (no
 * handler, no graceful close, nothing flushed), as a power loss or the OOM killer would. The crash tests
 * (test/payouts-crash.test.ts) start the server as a child process with it set, then restart it without,
 * and check that what the crash left half-done ends once. Never set it in a deployment.
 *
 * The points (each named where it is called):
 * - `refund.reserved`: createRefund, the PENDING refund committed, the gateway not yet asked;
 * - `refund.answered`: createRefund, the gateway answered, its answer not yet applied;
 * - `split.requested`: splitOrderShare, the split marked 'requested', the gateway not yet asked;
 * - `split.answered`: splitOrderShare, the gateway answered, its answer not yet recorded;
 * - `release.before` / `release.after`: releaseShare, before and after the settlement-eligibility call.
 */
export type CrashPointName =
  | 'refund.reserved'
  | 'refund.answered'
  | 'split.requested'
  | 'split.answered'
  | 'release.before'
  | 'release.after';

export function crashPoint(name: CrashPointName): void {
  if (process.env.CUTROOM_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
