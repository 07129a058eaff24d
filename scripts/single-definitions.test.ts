import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Every limit, rule and text is defined once, where the client and the server both import it (docs/architecture.md,
 * "One definition"). This scans the product's source for the copies that had drifted before: each pattern may
 * appear only in the file that defines it.
 */
const root = path.resolve(__dirname, '..');
const SOURCE_DIRS = ['shared/src', 'shell/src', 'remotes', 'server/src'];
const SKIPPED = new Set(['node_modules', 'dist', 'migrations', 'translations']);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

const files = SOURCE_DIRS.flatMap(sourceFiles).map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

const SINGLE_DEFINITIONS: Array<{ what: string; pattern: RegExp; definedIn: string | string[] }> = [
  { what: 'the link title limit (80)', pattern: /maxLength:\s*80\b|LINK_TITLE_MAX_LENGTH\s*=/, definedIn: 'shared/src/domains/view-links/view-link-limits.ts' },
  { what: 'the view-link limit', pattern: /VIEW_LINK_LIMIT\s*=\s*\d/, definedIn: 'shared/src/domains/view-links/view-link-limits.ts' },
  { what: 'the e-mail length limits (254, 64, 63)', pattern: /maxLength:\s*254\b|\b(EMAIL_MAX_LENGTH|EMAIL_LOCAL_PART_MAX_LENGTH|EMAIL_DOMAIN_LABEL_MAX_LENGTH)\s*=/, definedIn: 'shared/src/validation/email.ts' },
  { what: "a team grant's level", pattern: /if \(\w+\.can_edit\) return 'can_edit'/, definedIn: 'shared/src/domains/permissions/permission-levels.ts' },
  { what: 'the grant stored for a team level', pattern: /can_view: true, can_comment: \w+ !== 'can_view',/, definedIn: 'shared/src/domains/permissions/permission-levels.ts' },
  { what: 'the levels ranked', pattern: /can_comment:\s*2,/, definedIn: 'shared/src/domains/permissions/permission-levels.ts' },
  { what: "the add forms' rule for one address typed on its own", pattern: /\/\[,;\\n\]\/\.test\(/, definedIn: 'remotes/share-dialog/src/common/invitations/typed-addresses.ts' },
  { what: "the client's text for closing a document that has trackable links", pattern: /please remove to change access level/, definedIn: ['server/src/permissions/messages.ts', 'shared/src/domains/privacy/privacy-refusal-messages.ts'] },
  { what: 'the single-line rule', pattern: /\\u2028\\u2029/, definedIn: 'shared/src/validation/single-line.ts' },
];

describe('one definition per limit, rule and text', () => {
  it.each(SINGLE_DEFINITIONS.map((entry) => [entry.what, entry] as const))('%s', (_what, { pattern, definedIn }) => {
    const holders = files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
    // A server text is written twice by design: the server's English, and the client's descriptor for its code
    // (server/src/test/message-codes.test.ts holds the two equal); anything else is one file.
    expect(holders.sort()).toEqual([definedIn].flat().sort());
  });
});
