// The eventFilters the sidecar sends use only what webhook_listeners is known to evaluate (docs/nextcloud-behaviour.md,
// "Webhooks").
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/errors.js';
import { assertSupportedEventFilter } from '../../../src/knowledge/webhooks/webhook-event-filter.js';
import { presetDefinition, WEBHOOK_PRESETS } from '../../../src/knowledge/webhooks/webhook-presets.js';

describe('assertSupportedEventFilter', () => {
  it("accepts every preset's filters", () => {
    const filters = WEBHOOK_PRESETS.flatMap((preset) =>
      presetDefinition(preset).registrations.map((r) => r.eventFilter),
    );

    for (const filter of filters) expect(() => assertSupportedEventFilter(filter)).not.toThrow();
  });

  it('accepts equality, /pattern/flags strings, $gte, $in, $ne, $exists and $or', () => {
    const filter = {
      'user.uid': 'alice',
      'event.node.path': '/^\\/[^\\/]+\\/files\\/Notes/i',
      'event.tableId': { $gte: 0, $ne: 7 },
      'event.class': { $in: ['a', 'b'] },
      'event.node.id': { $exists: true },
      $or: [{ 'user.uid': 'bob' }, { 'user.uid': { $ne: null } }],
    };

    expect(() => assertSupportedEventFilter(filter)).not.toThrow();
  });

  it('refuses an unknown operator with a 400 that names it and says what it would do', () => {
    const attempt = () => assertSupportedEventFilter({ 'user.uid': { $bogus: 1 } });

    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(/"\$bogus".*silence the other webhooks of that event; use equality/);
  });

  it('refuses operators not known to work, at the top and on a field', () => {
    const filters = [
      { $and: [{ a: 1 }] },
      { $nor: [{ a: 1 }] },
      { a: { $nin: [1] } },
      { a: { $lt: 3 } },
      { a: { $not: { $gte: 1 } } },
    ];

    for (const filter of filters) expect(() => assertSupportedEventFilter(filter)).toThrow(InvalidInputError);
  });

  it('refuses an object value without operators (PHPMongoQuery reads its keys as operators)', () => {
    expect(() => assertSupportedEventFilter({ event: { node: 1 } })).toThrow(/operator "node"/);
  });

  it('refuses operands of the wrong kind and filters that are not objects', () => {
    const filters: unknown[] = [
      { $or: [] },
      { $or: { a: 1 } },
      { a: { $in: 'x' } },
      { a: { $exists: 1 } },
      { a: { $gte: [1] } },
      { a: [1, 2] },
      { a: {} },
      [],
      'user.uid',
      null,
    ];

    for (const filter of filters) expect(() => assertSupportedEventFilter(filter)).toThrow(InvalidInputError);
  });
});
