/**
 * After a remote failed to load, the federation runtime's share scope can keep what the failure
 * left behind: a shared module whose loading promise rejected (every later load awaits the same
 * rejection and never fetches the chunk again), or one whose module threw while it was evaluated
 * (a later load gets the broken module). Removing those entries lets the remote, registered again,
 * provide them afresh. Entries that loaded and evaluate cleanly are kept, so singletons in use stay
 * single.
 */

interface SharedEntry {
  loaded?: boolean;
  loading?: Promise<unknown> | null;
  lib?: (() => unknown) | null;
}

type ShareScopes = Record<string, Record<string, Record<string, Record<string, SharedEntry | undefined>> | undefined> | undefined>;

function globalShareScopes(): ShareScopes {
  return (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__?.__SHARE__ ?? {};
}

/** 'failed' when the promise rejected; a promise still pending counts as 'pending'. */
function settlement(promise: Promise<unknown>): Promise<'ok' | 'failed' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0)),
  ]);
}

async function isBroken(entry: SharedEntry): Promise<boolean> {
  if (entry.loading && !entry.loaded) return (await settlement(entry.loading)) === 'failed';
  if (entry.loaded && typeof entry.lib === 'function') {
    try {
      // Modules are built with strictModuleExceptionHandling: one whose evaluation threw throws again here.
      entry.lib();
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Removes the share-scope entries a failed load left broken; returns their names. Any broken entry
 * goes, whichever remote provided it: a broken shared module serves no one.
 */
export async function discardBrokenShares(): Promise<string[]> {
  const discarded: string[] = [];
  const seen = new Set<SharedEntry>();
  for (const scopes of Object.values(globalShareScopes())) {
    for (const packages of Object.values(scopes ?? {})) {
      for (const [name, versions] of Object.entries(packages ?? {})) {
        for (const [version, entry] of Object.entries(versions)) {
          if (!entry || typeof entry !== 'object' || seen.has(entry)) continue;
          seen.add(entry);
          if (!(await isBroken(entry))) continue;
          delete versions[version];
          discarded.push(`${name}@${version}`);
        }
      }
    }
  }
  return discarded;
}
