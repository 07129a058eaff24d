import { createMount } from '@deck/shared/mount/create-mount';

/**
 * Shared modules every remote needs but the shell itself does not, loaded by the shell at start so
 * they come from the shell's own chunks. (They were first added because two remotes mounting at the
 * same moment each fetched their own copy: under the runtime's default 'version-first' a provider
 * still loading was replaced by one registered later. Every build is 'loaded-first' now, which keeps
 * the first provider, see docs/decisions.md "One provider per shared module".)
 * e2e/page-weight.spec.ts fails when a page fetches one module twice.
 */
export const HOST_PROVIDED_MODULES = { createMount } as const;
