import jsonLogic from 'json-logic-js';

// The one expression format of workflows' conditions and automation rules (DESIGN.md: JSON Logic, jsonlogic.com).
// An expression is data, not code: it is stored as JSON, shown and edited in the browser, and evaluated the same
// way in both places, so a condition tested in the designer behaves the same in the engine.

export type JsonLogicExpression = Record<string, unknown>;

/** A JSON Logic expression is an object with one key, a known operator (`{"==": [{"var": "x"}, 1]}`). */
export function isJsonLogicExpression(value: unknown): value is JsonLogicExpression {
  if (!jsonLogic.is_logic(value)) return false;
  const op = Object.keys(value as object)[0]!;
  return KNOWN_OPERATORS.has(op);
}

const KNOWN_OPERATORS = new Set([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'filter',
  'reduce',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
]);
// Not 'log': it writes its argument (enrollment data, PHI) to the console. Removed at any depth, not only refused
// at the top of an expression.
jsonLogic.rm_operation('log');

/** Evaluates an expression over `data`; a malformed expression or data is false, never a thrown error. */
export function evaluateJsonLogic(expression: unknown, data: unknown): boolean {
  try {
    return Boolean(jsonLogic.truthy(jsonLogic.apply(expression as never, data)));
  } catch {
    return false;
  }
}

/** The variables an expression reads (`enrollment.status`, `steps.1.outcome`): for showing a condition. */
export function jsonLogicVariables(expression: unknown): string[] {
  try {
    return jsonLogic.uses_data(expression as never).map(String);
  } catch {
    return [];
  }
}
