import jsep from 'jsep';

/**
 * The decision language (docs/workflow-runs.md): a small expression over a run's data, such as
 * `approval == "approved" && riskTier >= 3`. jsep parses it; this file evaluates the tree itself with a
 * whitelist — literals, names read from the data, `a.b` member access, comparison, arithmetic, `!`, `-`,
 * `&&`, `||`, `contains` and `? :`. No calls, no `this`, no assignment, no prototype names, no eval:
 * anything else is refused when the workflow is validated, and again when it runs.
 */

export type ExpressionValue = string | number | boolean | null;
export type ExpressionData = Readonly<Record<string, unknown>>;

const MAX_LENGTH = 500;
const MAX_DEPTH = 20;
const FORBIDDEN_NAMES = new Set(['__proto__', 'prototype', 'constructor']);
const BINARY = new Set(['==', '!=', '===', '!==', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '&&', '||', 'contains']);

// jsep's parser is one shared instance: `contains` joins its binary operators once (as `==`'s precedence).
jsep.addBinaryOp('contains', 6);
// Features this language does not have.
jsep.removeBinaryOp('|');
jsep.removeBinaryOp('&');
jsep.removeBinaryOp('^');
jsep.removeBinaryOp('<<');
jsep.removeBinaryOp('>>');
jsep.removeBinaryOp('>>>');
jsep.removeUnaryOp('~');

export class ExpressionError extends Error {}

/** Parses and checks the whole tree against the whitelist; throws ExpressionError with words for a person. */
export function parseExpression(source: string): jsep.Expression {
  if (source.length > MAX_LENGTH) throw new ExpressionError(`An expression is at most ${MAX_LENGTH} characters.`);
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (error) {
    throw new ExpressionError(`Not a valid expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  check(tree, 0);
  return tree;
}

function check(node: jsep.Expression, depth: number): void {
  if (depth > MAX_DEPTH) throw new ExpressionError('The expression is nested too deeply.');
  switch (node.type) {
    case 'Literal':
      if (node.value instanceof RegExp) throw new ExpressionError('Regular expressions are not allowed.');
      return;
    case 'Identifier':
      if (FORBIDDEN_NAMES.has(String(node.name))) throw new ExpressionError(`“${String(node.name)}” cannot be read.`);
      return;
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      check(member.object, depth + 1);
      if (member.computed) {
        if (member.property.type !== 'Literal' || typeof member.property.value !== 'string') {
          throw new ExpressionError('Use a.b or a["b"] to read a field.');
        }
        if (FORBIDDEN_NAMES.has(member.property.value)) throw new ExpressionError(`“${member.property.value}” cannot be read.`);
        return;
      }
      check(member.property, depth + 1);
      return;
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator !== '!' && unary.operator !== '-') throw new ExpressionError(`The operator ${unary.operator} is not allowed.`);
      check(unary.argument, depth + 1);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!BINARY.has(binary.operator)) throw new ExpressionError(`The operator ${binary.operator} is not allowed.`);
      check(binary.left, depth + 1);
      check(binary.right, depth + 1);
      return;
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      check(conditional.test, depth + 1);
      check(conditional.consequent, depth + 1);
      check(conditional.alternate, depth + 1);
      return;
    }
    default:
      throw new ExpressionError(`${node.type.replace(/Expression$/, '') || 'This'} is not allowed in a decision.`);
  }
}

function own(value: unknown, key: string): unknown {
  if (FORBIDDEN_NAMES.has(key)) throw new ExpressionError(`“${key}” cannot be read.`);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : null;
}

function scalar(value: unknown): ExpressionValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

function compare(operator: string, left: ExpressionValue, right: ExpressionValue): boolean {
  if (left === null || right === null) return false;
  if (typeof left !== typeof right) return false;
  switch (operator) {
    case '<':
      return left < right;
    case '>':
      return left > right;
    case '<=':
      return left <= right;
    default:
      return left >= right;
  }
}

function binary(operator: string, left: ExpressionValue, right: ExpressionValue): ExpressionValue {
  switch (operator) {
    case '==':
    case '===':
      return left === right;
    case '!=':
    case '!==':
      return left !== right;
    case '<':
    case '>':
    case '<=':
    case '>=':
      return compare(operator, left, right);
    case 'contains':
      return typeof left === 'string' && right !== null && left.toLowerCase().includes(String(right).toLowerCase());
    case '+':
      if (typeof left === 'number' && typeof right === 'number') return left + right;
      return `${left ?? ''}${right ?? ''}`.slice(0, 10_000);
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') return null;
      const result = operator === '-' ? left - right : operator === '*' ? left * right : operator === '/' ? left / right : left % right;
      return Number.isFinite(result) ? result : null;
    }
  }
}

function evaluateNode(node: jsep.Expression, data: unknown): unknown {
  switch (node.type) {
    case 'Literal':
      return scalar(node.value);
    case 'Identifier':
      return own(data, String(node.name));
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const object = evaluateNode(member.object, data);
      const key = member.computed ? String((member.property as jsep.Literal).value) : String((member.property as jsep.Identifier).name);
      return own(object, key);
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      const value = scalar(evaluateNode(unary.argument, data));
      return unary.operator === '!' ? !truthy(value) : typeof value === 'number' ? -value : null;
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      if (operator === '&&') return truthy(scalar(evaluateNode(left, data))) && truthy(scalar(evaluateNode(right, data)));
      if (operator === '||') return truthy(scalar(evaluateNode(left, data))) || truthy(scalar(evaluateNode(right, data)));
      return binary(operator, scalar(evaluateNode(left, data)), scalar(evaluateNode(right, data)));
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return truthy(scalar(evaluateNode(conditional.test, data)))
        ? evaluateNode(conditional.consequent, data)
        : evaluateNode(conditional.alternate, data);
    }
    default:
      throw new ExpressionError(`${node.type} is not allowed in a decision.`);
  }
}

function truthy(value: ExpressionValue): boolean {
  return value !== null && value !== false && value !== 0 && value !== '';
}

/** The expression's value over `data` (objects and arrays read as null: only scalars come out). */
export function evaluateExpression(source: string, data: ExpressionData): ExpressionValue {
  return scalar(evaluateNode(parseExpression(source), data));
}

/** Whether the expression holds over `data`. */
export function expressionHolds(source: string, data: ExpressionData): boolean {
  return truthy(evaluateExpression(source, data));
}
