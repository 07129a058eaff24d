import { lazy, Suspense } from 'react';
import type { accessProblem } from './access-problem';

/** Only a refused visitor needs these pages: their code is fetched then, not with every editor or view page. */
const RequestAccess = lazy(() => import(/* webpackChunkName: "request-access" */ './request-access').then((m) => ({ default: m.RequestAccess })));
const SignInToOpen = lazy(() => import(/* webpackChunkName: "request-access" */ './request-access').then((m) => ({ default: m.SignInToOpen })));

export function AccessProblemPage({ oid, problem }: { oid: string; problem: NonNullable<ReturnType<typeof accessProblem>> }) {
  return <Suspense fallback={null}>{problem === 'sign-in' ? <SignInToOpen /> : <RequestAccess oid={oid} />}</Suspense>;
}
