import { createMount } from '@deck/shared/mount/create-mount';

/**
 * Shared modules every remote needs but the shell itself does not, loaded by the shell at start.
 * Otherwise two remotes mounting at the same moment (the like button and the overlay) each fetch
 * their own copy: the federation runtime replaces a provider that is still loading with the one
 * registered later, so both requests go out. A module the host has loaded is never replaced.
 * e2e/page-weight.spec.ts fails when a page fetches one module twice.
 */
export const HOST_PROVIDED_MODULES = { createMount } as const;
