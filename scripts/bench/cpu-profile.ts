/**
 * The one summary of a V8 CPU profile, for the server's profile (scripts/bench/profile.ts) and the
 * browser's (scripts/bench/profile-front-end.ts): self time per function and per package or folder.
 */

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame comes from: its file (for grouping) and its name with line (for the per-function list). */
export interface Place {
  file: string;
  key: string;
}

/** Node's own reading of a frame: node_modules/<package>, node: internals, else the file under the working folder. */
export function nodePlace({ functionName, url, lineNumber }: CallFrame): Place {
  const file = url.replace(/^file:\/\//, '');
  if (!file) return { file: '', key: functionName || '(anonymous)' };
  return { file, key: `${functionName || '(anonymous)'} ${file.replace(/.*node_modules\//, '')}:${lineNumber + 1}` };
}

/** Groups a file: a package in node_modules (or a source map's package path), node: internals, else its first folders. */
function groupOf(file: string, functionName: string, cwd: string): string {
  if (!file) return functionName.startsWith('(') ? functionName : '(native)';
  if (file.includes('node_modules/')) return file.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  if (file.startsWith('node:')) return 'node: internals';
  if (file.startsWith('/')) return file.replace(`${cwd}/`, '').split('/').slice(0, 3).join('/');
  return file.split('/').slice(0, file.startsWith('@') ? 2 : 1).join('/');
}

/** Self time per function and per package, with each line's share and milliseconds. */
export function summarise(profile: CpuProfile, { top = 30, place = nodePlace }: { top?: number; place?: (frame: CallFrame) => Place } = {}): string {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const cwd = process.cwd();
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    if (!time) continue;
    const { file, key } = place(node.callFrame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + time);
    const group = groupOf(file, node.callFrame.functionName, cwd);
    byPackage.set(group, (byPackage.get(group) ?? 0) + time);
  }
  const lines = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)} % ${(time / 1000).toFixed(1).padStart(8)} ms  ${key}`);
  return [`total sampled ${(total / 1000).toFixed(0)} ms`, '-- by package --', ...lines(byPackage), '-- by function (self) --', ...lines(byFunction)].join('\n');
}
