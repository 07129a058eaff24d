import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Extracts every react-intl message of the browser code into shared/src/intl/en.messages.json
 * (id → English `defaultMessage`, sorted by id). That file is the list every translation
 * catalogue in shared/src/intl/translations must match; translations.test.ts checks both.
 *
 * A message is found where it is written:
 * - an object literal with both `id` and `defaultMessage` string properties (`defineMessages`,
 *   `intl.formatMessage({ id, defaultMessage })`, descriptor constants);
 * - a `<FormattedMessage id="…" defaultMessage="…" />` element with string-literal props.
 *
 * Run: npx tsx scripts/extract-messages.ts (npm run i18n:extract). Exits 1 when one id has two
 * different English texts, or when a descriptor's id or text is not a string literal.
 */

export const ROOT = path.resolve(__dirname, '..');
export const OUTPUT = path.join(ROOT, 'shared', 'src', 'intl', 'en.messages.json');

export interface SourceFile {
  /** Path relative to the repository root, used in messages. */
  file: string;
  text: string;
}

export interface MessageOccurrence {
  id: string;
  defaultMessage: string;
  file: string;
  line: number;
  /** Where the English text is written in the source (a JSX attribute value or a property value), for the build's compiler. */
  textSpan: { start: number; end: number; jsx: boolean };
}

export interface ExtractionResult {
  /** id → English text, keys sorted. */
  messages: Record<string, string>;
  /** Human-readable problems: conflicting texts for one id, descriptors that are not literal. */
  errors: string[];
}

/** The directories whose sources hold user-facing messages. */
export function sourceRoots(root: string = ROOT): string[] {
  const remotes = path.join(root, 'remotes');
  const remoteSources = existsSync(remotes)
    ? readdirSync(remotes, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => path.join(remotes, entry.name, 'src'))
    : [];
  return [path.join(root, 'shared', 'src'), path.join(root, 'shell', 'src'), ...remoteSources].filter((dir) => existsSync(dir));
}

/** Every .ts/.tsx file under the source roots, without tests and declaration files, sorted. */
export function collectSourceFiles(root: string = ROOT): SourceFile[] {
  const files: string[] = [];
  for (const dir of sourceRoots(root)) {
    for (const relative of readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(relative) || /\.test\./.test(path.basename(relative)) || relative.endsWith('.d.ts')) continue;
      if (relative.split(path.sep).includes('node_modules')) continue;
      files.push(path.join(dir, relative));
    }
  }
  return files.sort().map((file) => ({
    file: path.relative(root, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

/** The string an expression stands for when it is a literal, else undefined. */
function literalText(expression: ts.Expression | undefined): string | undefined {
  if (!expression) return undefined;
  if (ts.isParenthesizedExpression(expression)) return literalText(expression.expression);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
  // 'a' + 'b' across lines
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalText(expression.left);
    const right = literalText(expression.right);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  return undefined;
}

/** JSX attribute values: "text", {'text'} or {`text`}. */
function jsxAttributeText(initializer: ts.JsxAttributeValue | undefined): string | undefined {
  if (!initializer) return undefined;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer)) return literalText(initializer.expression);
  return undefined;
}

function tagName(tag: ts.JsxTagNameExpression): string {
  if (ts.isIdentifier(tag)) return tag.text;
  if (ts.isPropertyAccessExpression(tag)) return tag.name.text;
  return '';
}

/** Every message descriptor written in one file. */
export function findMessages(source: SourceFile): { occurrences: MessageOccurrence[]; errors: string[] } {
  const kind = source.file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, kind);
  const occurrences: MessageOccurrence[] = [];
  const errors: string[] = [];
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;

  const record = (node: ts.Node, id: string | undefined, defaultMessage: string | undefined, idNode: boolean, textNode: ts.Node | undefined, jsx: boolean) => {
    if (id !== undefined && defaultMessage !== undefined && textNode) {
      const textSpan = { start: textNode.getStart(sourceFile), end: textNode.getEnd(), jsx };
      occurrences.push({ id, defaultMessage, file: source.file, line: lineOf(node), textSpan });
    } else if (idNode && textNode !== undefined) {
      errors.push(`${source.file}:${lineOf(node)}: a message's id and defaultMessage must be string literals`);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      let id: string | undefined;
      let text: string | undefined;
      let hasId = false;
      let textNode: ts.Node | undefined;
      for (const property of node.properties) {
        if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
        const name = propertyName(property.name);
        const value = ts.isPropertyAssignment(property) ? literalText(property.initializer) : undefined;
        if (name === 'id') {
          hasId = true;
          id = value;
        } else if (name === 'defaultMessage') {
          textNode = ts.isPropertyAssignment(property) ? property.initializer : property;
          text = value;
        }
      }
      record(node, id, text, hasId, textNode, false);
    } else if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && tagName(node.tagName) === 'FormattedMessage') {
      let id: string | undefined;
      let text: string | undefined;
      let hasId = false;
      let textNode: ts.Node | undefined;
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute) || !ts.isIdentifier(attribute.name)) continue;
        if (attribute.name.text === 'id') {
          hasId = true;
          id = jsxAttributeText(attribute.initializer);
        } else if (attribute.name.text === 'defaultMessage') {
          textNode = attribute.initializer ?? attribute;
          text = jsxAttributeText(attribute.initializer);
        }
      }
      record(node, id, text, hasId, textNode, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { occurrences, errors };
}

/** Pure: the English catalogue of a set of sources, and what is wrong with it. */
export function extractMessages(sources: SourceFile[]): ExtractionResult {
  const byId = new Map<string, MessageOccurrence[]>();
  const errors: string[] = [];
  for (const source of sources) {
    const found = findMessages(source);
    errors.push(...found.errors);
    for (const occurrence of found.occurrences) {
      const list = byId.get(occurrence.id) ?? [];
      list.push(occurrence);
      byId.set(occurrence.id, list);
    }
  }
  const messages: Record<string, string> = {};
  for (const id of [...byId.keys()].sort()) {
    const occurrences = byId.get(id)!;
    const texts = new Set(occurrences.map((occurrence) => occurrence.defaultMessage));
    if (texts.size > 1) {
      const where = occurrences.map((o) => `  ${o.file}:${o.line}: ${JSON.stringify(o.defaultMessage)}`).join('\n');
      errors.push(`message id "${id}" has ${texts.size} different English texts:\n${where}`);
    }
    messages[id] = occurrences[0].defaultMessage;
  }
  return { messages, errors };
}

/** The catalogue as written to disk: sorted keys, 2-space indent, trailing newline. */
export function serializeCatalogue(catalogue: Record<string, string>): string {
  const sorted = Object.fromEntries(Object.keys(catalogue).sort().map((key) => [key, catalogue[key]]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

function main(): void {
  const result = extractMessages(collectSourceFiles(ROOT));
  if (result.errors.length > 0) {
    for (const error of result.errors) console.error(error);
    process.exit(1);
  }
  writeFileSync(OUTPUT, serializeCatalogue(result.messages));
  console.log(`${Object.keys(result.messages).length} messages written to ${path.relative(ROOT, OUTPUT)}`);
}

if (require.main === module) main();
