export {
  JobRunner,
  PermanentJobError,
  type JobContext,
  type JobDefinition,
  type JobDispatcher,
} from './runner';
export { jobsPlugin, jobQueueName } from './plugin';
export type { JobRow, JobStatus } from './store';
