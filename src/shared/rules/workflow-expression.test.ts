import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluateExpression, expressionHolds, parseExpression } from './workflow-expression.ts';

describe('the decision expression language', () => {
  const data = { approval: 'approved', riskTier: 3, vendor: { name: 'Acme Cloud', tier: 4 }, flagged: false };

  it('compares, combines and reads nested fields', () => {
    expect(expressionHolds('approval == "approved" && riskTier >= 3', data)).toBe(true);
    expect(expressionHolds('approval != "approved" || riskTier < 3', data)).toBe(false);
    expect(expressionHolds('vendor.tier > 3 && vendor["name"] contains "cloud"', data)).toBe(true);
    expect(expressionHolds('!flagged', data)).toBe(true);
    expect(evaluateExpression('riskTier * 2 + 1', data)).toBe(7);
    expect(evaluateExpression('riskTier > 2 ? "high" : "low"', data)).toBe('high');
  });

  it('reads a missing field as null, never throwing, and never compares across types', () => {
    expect(evaluateExpression('missing', data)).toBeNull();
    expect(expressionHolds('missing.deeper == 1', data)).toBe(false);
    expect(expressionHolds('riskTier == "3"', data)).toBe(false);
    expect(expressionHolds('"3" < 4', data)).toBe(false);
  });

  it.each([
    ['a call', 'constructor.constructor("return process")()'],
    ['a method call', 'approval.toString()'],
    ['the prototype', '__proto__'],
    ['a prototype member', 'vendor.__proto__'],
    ['a computed prototype member', 'vendor["constructor"]'],
    ['a computed member from data', 'vendor[approval]'],
    ['this', 'this'],
    ['an array', '[1, 2]'],
    ['a sequence', '(1, 2)'],
    ['a bitwise operator', 'riskTier | 1'],
    ['a bitwise not', '~riskTier'],
    ['a compound', 'a; b'],
    ['an arrow', 'x => x'],
  ])('refuses %s', (_name, source) => {
    expect(() => parseExpression(source)).toThrow(ExpressionError);
    expect(() => evaluateExpression(source, data)).toThrow(ExpressionError);
  });

  it('refuses what does not parse and what is too long', () => {
    expect(() => parseExpression('approval ==')).toThrow(ExpressionError);
    expect(() => parseExpression(`${'a && '.repeat(200)}a`)).toThrow(ExpressionError);
  });

  it('cannot reach the data object’s prototype through a name', () => {
    expect(evaluateExpression('toString', data)).toBeNull();
    expect(evaluateExpression('hasOwnProperty', data)).toBeNull();
  });
});
