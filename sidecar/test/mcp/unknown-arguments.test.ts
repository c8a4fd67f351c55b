// Undeclared keys are found at any depth of a tool's arguments: in objects, in arrays of objects and in the best
// fitting branch of a union; records and loose objects take any key.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unknownArguments } from '../../src/mcp/unknown-arguments.js';
import type { JsonSchema } from '../../src/mcp/listed-tools.js';

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

describe('unknownArguments', () => {
  it('names undeclared keys by their place, with what their object takes', () => {
    const schema = schemaOf(
      z.object({ title: z.string(), attendees: z.array(z.object({ email: z.string(), name: z.string().optional() })) }),
    );

    const found = unknownArguments(schema, {
      title: 'Review',
      colour: 'red',
      attendees: [{ email: 'a@example.org' }, { email: 'b@example.org', role: 'chair' }],
    });

    expect(found).toEqual([
      { path: 'colour', accepted: ['title', 'attendees'] },
      { path: 'attendees.1.role', accepted: ['email', 'name'] },
    ]);
  });

  it('takes any key of a record or a loose object, and checks the values of a record', () => {
    const schema = schemaOf(
      z.object({
        labels: z.record(z.string(), z.object({ colour: z.string() })),
        extra: z.looseObject({ kind: z.string() }),
      }),
    );

    expect(unknownArguments(schema, { labels: { urgent: { colour: 'red' } }, extra: { kind: 'x', more: 1 } })).toEqual(
      [],
    );
    expect(unknownArguments(schema, { labels: { urgent: { color: 'red' } } })).toEqual([
      { path: 'labels.urgent.color', accepted: ['colour'] },
    ]);
  });

  it('reads a union by the branch that fits best, and leaves values that are not objects alone', () => {
    const schema = schemaOf(
      z.object({
        target: z
          .union([z.object({ user: z.string() }), z.object({ group: z.string(), level: z.number() })])
          .nullable(),
      }),
    );

    expect(unknownArguments(schema, { target: { group: 'staff', level: 2 } })).toEqual([]);
    expect(unknownArguments(schema, { target: null })).toEqual([]);
    expect(unknownArguments(schema, { target: { group: 'staff', levle: 2 } })).toEqual([
      { path: 'target.levle', accepted: ['group', 'level'] },
    ]);
  });
});
