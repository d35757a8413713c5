/**
 * The one parser of the schema source for export and fixes: sucrase's own TypeScript parser (the one its transform
 * runs when the load phase transpiles TypeScript), as a token stream with exact positions. Each token knows its
 * bracket depth, whether it starts a line, whether it is part of a type, and what a name declares: a top-level
 * binding, an import, an access. Strings, comments, regexes, templates and type arguments are the parser's, not a
 * guess. The load phase's first verdict does not use it (load/scan.ts, a light lexer: a JavaScript schema loads
 * without sucrase); export and fixes load it with their own lazily loaded parts.
 */
import { parse } from 'sucrase/dist/parser/index.js';
import { IdentifierRole } from 'sucrase/dist/parser/tokenizer/index.js';
import { formatTokenType } from 'sucrase/dist/parser/tokenizer/types.js';
import type { Token } from '../load/scan.ts';

/** One token of the source: the load lexer's token (load/scan.ts), and what only a parser knows. */
export interface SourceToken extends Token {
  /** Part of a type annotation or declaration (gone once transpiled). */
  isType: boolean;
  /** What a name is: a top-level binding it declares, an import binding, a read of a binding, or anything else. */
  role: 'top-level' | 'import' | 'access' | null;
}

const OPENERS = new Set(['(', '[', '{', '${']);
const CLOSERS = new Set([')', ']', '}']);
const TOP_LEVEL = new Set<number>([IdentifierRole.TopLevelDeclaration, IdentifierRole.ObjectShorthandTopLevelDeclaration]);

/** The source's tokens, or null when it does not parse as TypeScript. */
export function parseSource(source: string): SourceToken[] | null {
  let tokens: ReturnType<typeof parse>['tokens'];
  try {
    tokens = parse(source, false, true, false).tokens;
  } catch {
    return null;
  }
  const out: SourceToken[] = [];
  let depth = 0;
  let previousEnd = 0;
  for (const t of tokens) {
    const type = formatTokenType(t.type);
    if (type === 'eof') break;
    if (CLOSERS.has(type)) depth = Math.max(0, depth - 1);
    const role = roleOf(t.identifierRole);
    const firstOnLine = out.length === 0 || source.slice(previousEnd, t.start).includes('\n');
    out.push({ start: t.start, end: t.end, text: source.slice(t.start, t.end), kind: kindOf(type), depth, firstOnLine, isType: t.isType, role });
    if (OPENERS.has(type)) depth++;
    previousEnd = t.end;
  }
  return out;
}

function roleOf(role: number | null): SourceToken['role'] {
  if (role === null) return null;
  if (TOP_LEVEL.has(role)) return 'top-level';
  if (role === IdentifierRole.ImportDeclaration) return 'import';
  return role === IdentifierRole.Access ? 'access' : null;
}

function kindOf(type: string): SourceToken['kind'] {
  switch (type) {
    case 'name':
      return 'name';
    case 'num':
    case 'bigint':
    case 'decimal':
      return 'number';
    case 'string':
      return 'string';
    case 'template':
    case '`':
      return 'template';
    case 'regexp':
      return 'regex';
    default:
      // Keywords are words too (`export`, `const`, `default`), as a reader sees them.
      return /^[a-z]+$/.test(type) ? 'name' : 'punct';
  }
}
