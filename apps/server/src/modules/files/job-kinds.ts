/** The files module's durable jobs. */
export const CHECK_UPLOAD_JOB = 'files.check-upload';
export const EXPIRE_UPLOADS_JOB = 'files.expire-uploads';
