// The arguments of a call that its tool's input schema does not declare, at any depth (an attendee's `role`, a
// filter condition's `column`): zod would drop them silently, so the dispatcher refuses the call and names them.
import type { JsonSchema } from './listed-tools.js';

/** One undeclared key: where it is (`attendees.0.role`) and what its object takes instead. */
export interface UnknownArgument {
  path: string;
  accepted: string[];
}

/**
 * Walks `value` along `schema` (a listed input schema): an object's keys must be among its `properties` unless
 * `additionalProperties` allows others (a record); arrays are walked through `items`; of a union's object branches
 * the one that fits best decides (no unknown key if any branch takes them all).
 */
export function unknownArguments(schema: JsonSchema, value: unknown, path: string[] = []): UnknownArgument[] {
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    return items ? value.flatMap((item, i) => unknownArguments(items, item, [...path, String(i)])) : [];
  }
  if (!isPlainObject(value)) return [];
  const branches = unionBranches(schema).filter(describesObject);
  if (branches.length > 0) {
    const found = branches.map((branch) => unknownArguments(branch, value, path));
    return found.reduce((fewest, each) => (each.length < fewest.length ? each : fewest));
  }
  if (!describesObject(schema)) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const others = schema.additionalProperties as JsonSchema | boolean | undefined;
  return Object.entries(value).flatMap(([key, item]) => {
    const declared = properties[key] ?? (typeof others === 'object' ? others : undefined);
    if (declared) return unknownArguments(declared, item, [...path, key]);
    // A schema with properties takes no others unless it says so; an object schema without any is open.
    if (others === true || (schema.properties === undefined && others === undefined)) return [];
    return [{ path: [...path, key].join('.'), accepted: Object.keys(properties) }];
  });
}

function describesObject(schema: JsonSchema): boolean {
  return schema.type === 'object' || schema.properties !== undefined;
}

/** A union's branches, nested unions (a nullable union) flattened; none for a schema that is not a union. */
function unionBranches(schema: JsonSchema): JsonSchema[] {
  const branches = [schema.anyOf, schema.oneOf].flatMap((each) => (Array.isArray(each) ? (each as JsonSchema[]) : []));
  return branches.flatMap((branch) => (branch.anyOf || branch.oneOf ? unionBranches(branch) : [branch]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
