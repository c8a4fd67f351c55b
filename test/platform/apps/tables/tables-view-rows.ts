// How the tables double compares a cell with a view's filter condition and sorts cells. Tables lower-cases both the
// cell and the value before comparing text, and compares numbers as numbers. unverified: all of it (source:
// nextcloud/tables lib/Db/ColumnTypes/SuperColumnQB.php passSearchValue(), NumberColumnQB.php, lib/Db/Row2Mapper.php);
// a selection is compared by its stored option id, and sorting text ignores case (source: none).

export interface ViewCondition {
  columnId: number;
  operator: string;
  value: string | number;
}

export function meetsCondition(cell: unknown, condition: ViewCondition): boolean {
  const empty = cell === undefined || cell === null || cell === '' || (Array.isArray(cell) && cell.length === 0);
  if (condition.operator === 'is-empty') return empty;
  if (empty) return false;
  const text = String(cell).toLowerCase();
  const wanted = String(condition.value).toLowerCase();
  switch (condition.operator) {
    case 'is-equal':
      return text === wanted;
    case 'is-not-equal':
      return text !== wanted;
    case 'contains':
      return text.includes(wanted);
    case 'does-not-contain':
      return !text.includes(wanted);
    case 'begins-with':
      return text.startsWith(wanted);
    case 'ends-with':
      return text.endsWith(wanted);
    case 'is-greater-than':
      return compareCells(cell, condition.value) > 0;
    case 'is-greater-than-or-equal':
      return compareCells(cell, condition.value) >= 0;
    case 'is-lower-than':
      return compareCells(cell, condition.value) < 0;
    case 'is-lower-than-or-equal':
      return compareCells(cell, condition.value) <= 0;
    default:
      // unverified: an unknown operator matches no row (source: none).
      return false;
  }
}

/** Numbers by value, anything else as text ignoring case; an empty cell sorts first. */
export function compareCells(a: unknown, b: unknown): number {
  const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
  if (isEmpty(a) || isEmpty(b)) return Number(!isEmpty(a)) - Number(!isEmpty(b));
  const numbers = [Number(a), Number(b)];
  if (numbers.every((n) => Number.isFinite(n))) return numbers[0]! - numbers[1]!;
  return String(a).toLowerCase().localeCompare(String(b).toLowerCase());
}
