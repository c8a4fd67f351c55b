// The eventFilter operators webhook_listeners is known to evaluate (docs/nextcloud-behaviour.md, "Webhooks"): the only
// ones the sidecar sends. Nextcloud accepts any filter at registration, but an unknown operator throws at event time
// and then silences the other webhooks of that event class too, even other apps' ones.
import { InvalidInputError } from '../../errors.js';

/** Operators on a field, `{"event.tableId": {"$gte": 0}}`, and the operands each takes. */
const FIELD_OPERATORS: Record<string, (operand: unknown) => boolean> = {
  $gte: (operand) => typeof operand === 'number' || typeof operand === 'string',
  $in: (operand) => Array.isArray(operand) && operand.every(isScalar),
  $ne: (operand) => isScalar(operand),
  $exists: (operand) => typeof operand === 'boolean',
};
const SUPPORTED = 'equality, a /pattern/flags string, $gte, $in, $ne, $exists or $or';

type Query = Record<string, unknown>;

/**
 * Throws InvalidInputError (400) for a filter with any other operator or an operand of the wrong kind. A dotted field
 * path compares by equality with a scalar (a `/pattern/flags` string is a regular expression); `$or` takes a
 * non-empty list of filters.
 */
export function assertSupportedEventFilter(filter: unknown): void {
  if (!isQuery(filter)) throw new InvalidInputError('The webhook filter must be a JSON object.');
  checkQuery(filter);
}

function checkQuery(query: Query): void {
  for (const [key, value] of Object.entries(query)) {
    if (key === '$or') checkAlternatives(value);
    else if (key.startsWith('$')) throw unknownOperator(key);
    else if (key === '') throw new InvalidInputError('The webhook filter names an empty field.');
    else if (isQuery(value)) checkFieldOperators(key, value);
    else if (!isScalar(value)) {
      throw new InvalidInputError(`The webhook filter compares "${clip(key)}" with something that is not a value.`);
    }
  }
}

function checkAlternatives(operand: unknown): void {
  if (!Array.isArray(operand) || operand.length === 0 || !operand.every(isQuery)) {
    throw new InvalidInputError("The webhook filter's $or needs a non-empty list of filters.");
  }
  operand.forEach(checkQuery);
}

function checkFieldOperators(field: string, operators: Query): void {
  const entries = Object.entries(operators);
  if (entries.length === 0) throw new InvalidInputError(`The webhook filter gives "${clip(field)}" no condition.`);
  for (const [operator, operand] of entries) {
    const fits = Object.hasOwn(FIELD_OPERATORS, operator) ? FIELD_OPERATORS[operator] : undefined;
    if (!fits) throw unknownOperator(operator);
    if (!fits(operand)) {
      throw new InvalidInputError(
        `The webhook filter's ${operator} on "${clip(field)}" has an operand of the wrong kind.`,
      );
    }
  }
}

function unknownOperator(operator: string): InvalidInputError {
  return new InvalidInputError(
    `The webhook filter uses the operator "${clip(operator)}", which Nextcloud does not check when a webhook is ` +
      `registered and which would silence the other webhooks of that event; use ${SUPPORTED}.`,
  );
}

function isQuery(value: unknown): value is Query {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
