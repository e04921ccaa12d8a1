/** Chat between a creator and an editor: texts, room status and moderation, shapes, REST and realtime. */

export * from './messages';
export * from './rooms';
export * from './shapes';
export * from './inputs';
export * from './events';
