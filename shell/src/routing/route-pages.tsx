import { lazy, type ComponentType } from 'react';
import type { Route } from './routes';
import type { NotFoundPageProps } from '../pages/not-found-page';

type PageName = Route['page'];

/**
 * One chunk per page, so a page loads only its own code: the public view page carries neither
 * the dashboard, nor the analytics charts, nor the link pages. `loadPage` is called by the
 * bootstrap as soon as the route is known, so a page's chunk downloads while the config loads.
 */
const loaders: Record<PageName, () => Promise<ComponentType<never>>> = {
  home: () => import(/* webpackChunkName: "page-home" */ '../pages/home-page').then((module) => module.HomePage),
  editor: () => import(/* webpackChunkName: "page-editor" */ '../pages/editor-page').then((module) => module.EditorPage),
  view: () => import(/* webpackChunkName: "page-view" */ '../pages/view-page').then((module) => module.ViewPage),
  dashboard: () => import(/* webpackChunkName: "page-dashboard" */ '../pages/dashboard-page').then((module) => module.DashboardPage),
  'team-activity': () => import(/* webpackChunkName: "page-team-activity" */ '../pages/team-activity-page').then((module) => module.TeamActivityPage),
  'team-settings': () => import(/* webpackChunkName: "page-team-settings" */ '../pages/team-settings-page').then((module) => module.TeamSettingsPage),
  link: () => import(/* webpackChunkName: "page-link" */ '../pages/link-page').then((module) => module.LinkPage),
  analytics: () => import(/* webpackChunkName: "page-analytics" */ '../pages/analytics-page').then((module) => module.AnalyticsPage),
  invitation: () => import(/* webpackChunkName: "page-invitation" */ '../pages/invitation-page').then((module) => module.InvitationPage),
  product: () => import(/* webpackChunkName: "page-product" */ '../pages/product-page').then((module) => module.ProductPage),
  'not-found': () => import(/* webpackChunkName: "page-not-found" */ '../pages/not-found-page').then((module) => module.NotFoundPage),
};

const started = new Map<PageName, Promise<ComponentType<never>>>();

export function loadPage(page: PageName): Promise<ComponentType<never>> {
  let loading = started.get(page);
  if (!loading) {
    loading = loaders[page]();
    started.set(page, loading);
  }
  return loading;
}

function lazyPage<P>(page: PageName) {
  return lazy(() => loadPage(page).then((component) => ({ default: component as unknown as ComponentType<P> })));
}

export const HomePage = lazyPage<object>('home');
export const EditorPage = lazyPage<{ oid: string }>('editor');
export const ViewPage = lazyPage<{ oid: string; playerOnly?: boolean }>('view');
export const DashboardPage = lazyPage<object>('dashboard');
export const TeamActivityPage = lazyPage<object>('team-activity');
export const TeamSettingsPage = lazyPage<object>('team-settings');
export const LinkPage = lazyPage<{ linkId: string }>('link');
export const AnalyticsPage = lazyPage<{ linkId: string }>('analytics');
export const InvitationPage = lazyPage<{ token: string }>('invitation');
export const ProductPage = lazyPage<{ topic: 'site' | 'ai' }>('product');
export const NotFoundPage = lazyPage<NotFoundPageProps>('not-found');
