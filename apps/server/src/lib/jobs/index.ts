export { JobRunner } from './runner';
export { PermanentJobError, type JobContext, type JobDefinition, type JobDispatcher } from './definition';
export { jobsPlugin, jobQueueName } from './plugin';
export type { JobRow, JobStatus } from './store';
