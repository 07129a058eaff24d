import { lazy, Suspense } from 'react';
import type { accessProblem } from './access-problem';
import { NotFoundPage } from '../../routing/route-pages';

/** Only a refused visitor needs these pages: their code is fetched then, not with every editor or view page. */
const RequestAccess = lazy(() => import(/* webpackChunkName: "request-access" */ './request-access').then((m) => ({ default: m.RequestAccess })));
const SignInToOpen = lazy(() => import(/* webpackChunkName: "request-access" */ './request-access').then((m) => ({ default: m.SignInToOpen })));
const EmbedRefused = lazy(() => import(/* webpackChunkName: "request-access" */ './embed-refused').then((m) => ({ default: m.EmbedRefused })));

export function AccessProblemPage({
  oid,
  problem,
  embedded = false,
  error,
}: {
  oid: string;
  problem: NonNullable<ReturnType<typeof accessProblem>>;
  /** The player-only frame of an embed: no link home, no sign-in or access request inside another site's page. */
  embedded?: boolean;
  /** The failed load: for 'ended', the server's refusal says whose end date it was. */
  error?: unknown;
}) {
  if (problem === 'not-found') return <Suspense fallback={null}><NotFoundPage subject={embedded ? 'embed' : 'presentation'} /></Suspense>;
  if (embedded) return <Suspense fallback={null}><EmbedRefused /></Suspense>;
  return <Suspense fallback={null}>{problem === 'sign-in' ? <SignInToOpen /> : <RequestAccess oid={oid} ended={problem === 'ended' ? error : undefined} />}</Suspense>;
}
