import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { SUPPORTED_LOCALES } from '@deck/shared/intl/supported-locales';
import english from '@deck/shared/intl/en.messages.json';
// The extractor lives in scripts/ (outside every package); test files may import it by path.
import { collectSourceFiles, extractMessages, serializeCatalogue } from '../../../scripts/extract-messages';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TRANSLATIONS = path.join(__dirname, 'translations');
const en = english as Record<string, string>;

function catalogue(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(TRANSLATIONS, `${locale}.json`), 'utf8')) as Record<string, string>;
}

const TYPE_NAMES: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'argument',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

/**
 * The shape a translation must keep: each argument with its type, and inside plural and select
 * arguments the option keys, each with the shape of its own text. Literal text and `#` are left out.
 * Plural keys must match the English ones exactly: a language without a `one` category (ja, ko)
 * keeps the `one` option anyway (it is never chosen), so no message loses a case by mistake.
 */
function shape(elements: MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const walk = (list: MessageFormatElement[], prefix: string) => {
    for (const element of list) {
      // Literal text and `#` are free to change.
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      const kind = TYPE_NAMES[element.type] ?? String(element.type);
      if (element.type === TYPE.tag) {
        found.add(`${prefix}<${element.value}>`);
        walk(element.children, `${prefix}<${element.value}>/`);
        continue;
      }
      const base = `${prefix}${element.value}:${kind}`;
      found.add(base);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        if (element.type === TYPE.plural) found.add(`${base}:${element.pluralType ?? 'cardinal'}:offset=${element.offset}`);
        for (const [key, option] of Object.entries(element.options)) {
          found.add(`${base}[${key}]`);
          walk(option.value, `${base}[${key}]/`);
        }
      }
    }
  };
  walk(elements, '');
  return [...found].sort();
}

const TRANSLATED_LOCALES = SUPPORTED_LOCALES.filter((locale) => locale !== 'en');

describe('en.messages.json', () => {
  it('is up to date with the messages in the source (run npm run i18n:extract)', () => {
    const result = extractMessages(collectSourceFiles(ROOT));
    expect(result.errors).toEqual([]);
    expect(result.messages).toEqual(en);
    expect(readFileSync(path.join(__dirname, 'en.messages.json'), 'utf8')).toBe(serializeCatalogue(result.messages));
  });

  it('holds only English texts that parse as ICU messages', () => {
    for (const [id, text] of Object.entries(en)) {
      expect(() => parse(text)).not.toThrow();
      expect(id).toMatch(/^[A-Za-z0-9_.-]+$/);
    }
  });
});

describe('extractMessages', () => {
  it('finds descriptors in objects and FormattedMessage elements, and reports one id with two texts', () => {
    const result = extractMessages([
      { file: 'a.ts', text: "export const m = defineMessages({ hi: { id: 'x.hi', defaultMessage: 'Hi {name}' } });" },
      {
        file: 'b.tsx',
        text: 'export const B = () => <p><FormattedMessage id="x.bye" defaultMessage={\'Bye\'} />{intl.formatMessage({ id: "x.hi", defaultMessage: "Hello {name}" })}</p>;',
      },
    ]);
    expect(result.messages).toEqual({ 'x.bye': 'Bye', 'x.hi': 'Hi {name}' });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('"x.hi"');
  });

  it('refuses a descriptor whose id or text is not a string literal', () => {
    const result = extractMessages([{ file: 'c.ts', text: 'const d = { id: prefix + ".a", defaultMessage: "A" };' }]);
    expect(result.messages).toEqual({});
    expect(result.errors).toHaveLength(1);
  });
});

describe.each(TRANSLATED_LOCALES)('translations/%s.json', (locale) => {
  const translated = catalogue(locale);

  it('has exactly the ids of en.messages.json', () => {
    expect(Object.keys(translated).sort()).toEqual(Object.keys(en).sort());
  });

  it('is written sorted by id with a 2-space indent', () => {
    expect(readFileSync(path.join(TRANSLATIONS, `${locale}.json`), 'utf8')).toBe(serializeCatalogue(translated));
  });

  it('keeps every message’s arguments, their types and plural/select options', () => {
    const problems: string[] = [];
    for (const [id, english] of Object.entries(en)) {
      const text = translated[id];
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${id}: missing or empty`);
        continue;
      }
      let elements: MessageFormatElement[];
      try {
        elements = parse(text);
      } catch (error) {
        problems.push(`${id}: does not parse (${(error as Error).message})`);
        continue;
      }
      const expected = shape(parse(english));
      const actual = shape(elements);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(`${id}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
