export * from './harness';
export { DEMO_DOCUMENT_OIDS, DEMO_FOLDER_UUIDS, DEMO_USER_OIDS } from '../db/seed';
export { fakeClientBuild } from './fake-build';
export { captureLogs } from './log-capture';
