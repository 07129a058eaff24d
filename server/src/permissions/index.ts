export * from './levels';
export * from './flags';
export { MESSAGES } from './messages';
