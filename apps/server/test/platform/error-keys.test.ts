import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMessageKey } from '@p2p/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Refusals name a key of the message catalogue, never a sentence: the error handler answers the
// key in the reader's language (docs/decisions/015). The types already require a MessageKey;
// this reads the source so that a cast or a widened type cannot slip a sentence back in.

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Refusal {
  where: string;
  message: ts.Expression | undefined;
}

/** Every `new AppError(code, message, ...)`, of AppError or a class extending it by name. */
function refusals(): Refusal[] {
  const files = sourceFiles(SRC).map((path) => {
    const text = readFileSync(path, 'utf8');
    return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  });
  const classes = new Set(['AppError']);
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isClassDeclaration(node) && node.name) {
        const parent = node.heritageClauses?.[0]?.types[0]?.expression.getText(file);
        if (parent === 'AppError') classes.add(node.name.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const found: Refusal[] = [];
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && classes.has(node.expression.getText(file))) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push({ where: `${relative(SRC, file.fileName)}:${line + 1}`, message: node.arguments?.[1] });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** The expressions a message may end up being: through casts, parentheses, `?:`, `??` and `||`. */
function outcomes(node: ts.Expression): ts.Expression[] {
  if (
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isParenthesizedExpression(node) ||
    ts.isNonNullExpression(node)
  ) {
    return outcomes(node.expression);
  }
  if (ts.isConditionalExpression(node)) return [...outcomes(node.whenTrue), ...outcomes(node.whenFalse)];
  const fallback = [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
  if (ts.isBinaryExpression(node) && fallback.includes(node.operatorToken.kind)) {
    return [...outcomes(node.left), ...outcomes(node.right)];
  }
  return [node];
}

/** A sentence where a key belongs: any template literal, or a string that is not a key. */
const isSentence = (node: ts.Expression) =>
  ts.isTemplateExpression(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  (ts.isStringLiteral(node) && !isMessageKey(node.text));

describe('server refusals', () => {
  const all = refusals();

  it('are found in the source (the scan reads what it should)', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('never take a template literal or a literal that is not a catalogue key', () => {
    const wrong = all
      .filter(({ message }) => !message || outcomes(message).some(isSentence))
      .map(({ where, message }) => `${where}: ${message?.getText() ?? '(no message)'}`);
    expect(wrong).toEqual([]);
  });
});
