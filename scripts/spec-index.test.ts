import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { referencesIn, renderIndex, sectionsOfIndex, sectionsOfSpec, sourceFiles } from './spec-index';

const spec = ['# Specification', '', '## 1. What it does', 'text', '### A sub-heading', '## 2. Screens and routes', ''].join('\n');

describe('spec-index', () => {
  it('reads the numbered sections of the specification, not its sub-headings', () => {
    expect([...sectionsOfSpec(spec)]).toEqual([
      [1, 'What it does'],
      [2, 'Screens and routes'],
    ]);
  });

  it('finds every section sign with its line, however the sentence around it reads', () => {
    const text = ['// Spec §2: the folder page', "const a = 1; // the spec's paths (§7), §8's texts", 'no reference here'].join('\n');
    expect(referencesIn('a.ts', text)).toEqual([
      { file: 'a.ts', line: 1, section: 2 },
      { file: 'a.ts', line: 2, section: 7 },
      { file: 'a.ts', line: 2, section: 8 },
    ]);
  });

  it("lists a rule's decision, its display, other code and tests apart under each section, and reads its own section list back", () => {
    const sections = sectionsOfSpec(spec);
    const index = renderIndex(sections, [
      { file: 'shell/src/b.ts', line: 3, section: 2 },
      { file: 'shell/src/a.ts', line: 9, section: 2 },
      { file: 'shell/src/a.ts', line: 12, section: 2 },
      { file: 'server/src/permissions/folders.ts', line: 2, section: 2 },
      { file: 'server/src/routes/folders.ts', line: 2, section: 2 },
      { file: 'e2e/folder.spec.ts', line: 1, section: 2 },
    ]);
    expect(index).toContain('## §1 What it does\n\nNo file cites this section.');
    expect(index).toContain(
      [
        '## §2 Screens and routes',
        'Decision (the rule, server/src/permissions/):',
        '- `server/src/permissions/folders.ts`',
        'Display (what the clients show of it):',
        '- `shell/src/a.ts`\n- `shell/src/b.ts`',
        'Other code (routes, services, repositories, shared code):',
        '- `server/src/routes/folders.ts`',
        'Tests:',
        '- `e2e/folder.spec.ts`',
      ].join('\n\n'),
    );
    expect(sectionsOfIndex(index)).toEqual(sections);
  });

  it('reads only files a fresh clone has: a generated, git-ignored file citing the spec is not a source', () => {
    const ignoredFolder = path.join(__dirname, '..', 'fixtures', 'hosts', 'typescript-host', 'deck-types');
    mkdirSync(ignoredFolder, { recursive: true });
    const file = path.join(ignoredFolder, 'spec-index-probe.d.ts');
    writeFileSync(file, '// Spec §4\n');
    try {
      expect(execFileSync('git', ['check-ignore', file], { encoding: 'utf8' }).trim()).not.toBe('');
      const files = sourceFiles();
      expect(files).toContain('scripts/spec-index.ts');
      expect(files).not.toContain('fixtures/hosts/typescript-host/deck-types/spec-index-probe.d.ts');
    } finally {
      rmSync(file);
    }
  });
});
