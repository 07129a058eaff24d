import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/api';

/**
 * Slices that a remote injects when it loads. Each domain slice augments this
 * interface with `declare module` so selectors stay typed without the root knowing them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();
