import { parse } from '@formatjs/icu-messageformat-parser';
import { compileCatalogue, compileDefaultMessages } from './compile-messages';

describe('messages compiled at build time', () => {
  it('replaces JSX and descriptor default messages by their syntax trees and leaves the rest alone', () => {
    const source = [
      "const m = defineMessages({ title: { id: 'a.title', defaultMessage: 'Share {name}' } });",
      'const x = <FormattedMessage id="a.count" defaultMessage="{count, plural, one {# like} other {# likes}}" values={{ count }} />;',
      "const y = <FormattedMessage id={'a.b'} defaultMessage={'Hello'} />;",
    ].join('\n');
    const { code, compiled } = compileDefaultMessages('file.tsx', source);
    expect(compiled).toBe(3);
    expect(code).toContain(`defaultMessage: ${JSON.stringify(parse('Share {name}'))}`);
    expect(code).toContain(`defaultMessage={${JSON.stringify(parse('{count, plural, one {# like} other {# likes}}'))}}`);
    expect(code).toContain(`defaultMessage={${JSON.stringify(parse('Hello'))}}`);
    expect(code).toContain('values={{ count }}');
    expect(code).not.toMatch(/defaultMessage[=:] ?['"{]['"]/);
  });

  it('leaves a file without messages untouched', () => {
    expect(compileDefaultMessages('file.ts', 'export const a = 1;')).toEqual({ code: 'export const a = 1;', compiled: 0 });
  });

  it('refuses a message whose text is not a literal (it could not be compiled)', () => {
    expect(() => compileDefaultMessages('file.ts', "const m = { id: 'a', defaultMessage: text };")).toThrow(/string literals/);
  });

  it('compiles a catalogue, keeping its ids', () => {
    const compiled = JSON.parse(compileCatalogue(JSON.stringify({ 'a.b': 'Hallo {name}', 'a.c': '<b>x</b>' }))) as Record<string, unknown>;
    expect(compiled).toEqual({ 'a.b': parse('Hallo {name}'), 'a.c': parse('<b>x</b>') });
  });
});
