// webhook_listeners' `eventFilter`: a Mongo-style query evaluated on the delivery body (PHPMongoQuery), in the double.
// Verified (docs/nextcloud-behaviour.md, "Webhooks"): `{}` matches everything, dotted field paths, equality, a
// `/pattern/flags` string as a regular expression, `$gte`, `$in`, `$ne`, `$exists` and `$or`; an unknown operator
// throws "Operator $bogus is unknown" at event time (webhook-listeners.ts says what that does to the other webhooks).
// unverified: the other operators ($and, $nor, $not, $nin, $lt, $lte, $gt, $all, $mod) follow the library
// webhook_listeners copied (source: Akkroo/PHPMongoQuery src/PHPMongoQuery.php).

type Doc = Record<string, unknown>;

export class FilterError extends Error {}

/** True when `document` passes `query`. Throws FilterError for an unknown operator or a malformed operand. */
export function matchesFilter(query: unknown, document: Doc): boolean {
  if (!isObject(query)) return Boolean(query);
  return executeQuery(query, document, '$and');
}

function executeQuery(query: Doc | unknown[], document: Doc, logical: string): boolean {
  const entries = Array.isArray(query) ? query.map((q, i) => [i, q] as const) : Object.entries(query);
  if (logical !== '$and' && (entries.length === 0 || !Array.isArray(query))) {
    throw new FilterError(`${logical} requires nonempty array`);
  }
  for (const [key, q] of entries) {
    let pass: boolean;
    if (typeof key === 'string' && key.startsWith('$')) {
      pass = key === '$not' ? !executeQuery(asQuery(q), document, '$and') : executeQuery(asQuery(q), document, key);
    } else if (logical === '$and') {
      if (typeof key === 'number') pass = executeQuery(asQuery(q), document, '$and');
      else if (isObject(q)) pass = Object.entries(q).every(([op, value]) => operate(op, value, key, document));
      else pass = operate('$e', q, key, document);
    } else {
      pass = executeQuery(asQuery(q), document, '$and');
    }
    if (logical === '$and' && !pass) return false;
    if (logical === '$or' && pass) return true;
    if (logical === '$nor' && pass) return false;
    if (!['$and', '$or', '$nor'].includes(logical)) return false;
  }
  return logical !== '$or';
}

function operate(operator: string, operand: unknown, field: string, document: Doc): boolean {
  if (operator === '$not') {
    return !Object.entries(asObject(operand)).every(([op, value]) => operate(op, value, field, document));
  }
  let value: unknown = document;
  let exists = true;
  for (const part of field.split('.')) {
    const next = isObject(value) || Array.isArray(value) ? (value as Doc)[part] : undefined;
    if (next === undefined || next === null) {
      exists = false;
      break;
    }
    value = next;
  }
  switch (operator) {
    case '$e':
      if (!exists) return false;
      if (Array.isArray(value)) return value.some((item) => same(item, operand));
      if (typeof operand === 'string') {
        const regex = /^\/(.*?)\/([a-z]*)$/i.exec(operand);
        if (regex) return testRegex(regex[1] ?? '', regex[2] ?? '', value);
      }
      return same(operand, value);
    case '$in':
      if (!exists) return false;
      if (asList(operator, operand).length === 0) return false;
      if (Array.isArray(value)) return value.some((item) => asList(operator, operand).some((o) => same(o, item)));
      return asList(operator, operand).some((o) => same(o, value));
    case '$nin':
      if (!exists) return true;
      if (Array.isArray(value)) return !value.some((item) => asList(operator, operand).some((o) => same(o, item)));
      return !asList(operator, operand).some((o) => same(o, value));
    case '$all':
      if (!exists || asList(operator, operand).length === 0) return false;
      if (!Array.isArray(value))
        return asList(operator, operand).length === 1 && same(value, asList(operator, operand)[0]);
      return asList(operator, operand).every((o) => value.some((item) => same(item, o)));
    case '$lt':
      return exists && compare(value, operand) < 0;
    case '$lte':
      return exists && compare(value, operand) <= 0;
    case '$gt':
      return exists && compare(value, operand) > 0;
    case '$gte':
      return exists && compare(value, operand) >= 0;
    case '$ne':
      return (!exists && operand === null) || (exists && !same(value, operand));
    case '$exists':
      return Boolean(operand) === exists;
    case '$mod': {
      const [divisor, remainder] = asList(operator, operand);
      if (!exists) return false;
      return Number(value) % Number(divisor) === remainder;
    }
    default:
      throw new FilterError(`Operator ${operator} is unknown`);
  }
}

function testRegex(pattern: string, flags: string, value: unknown): boolean {
  try {
    return new RegExp(pattern, [...new Set(flags.replace(/[^imsu]/g, ''))].join('')).test(String(value));
  } catch {
    return false;
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function asList(operator: string, operand: unknown): unknown[] {
  if (!Array.isArray(operand)) throw new FilterError(`${operator} requires array`);
  return operand;
}

function asQuery(value: unknown): Doc | unknown[] {
  if (isObject(value) || Array.isArray(value)) return value;
  throw new FilterError('A logical operator needs a query');
}

function asObject(value: unknown): Doc {
  if (!isObject(value)) throw new FilterError('$not needs an object');
  return value;
}

function isObject(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
