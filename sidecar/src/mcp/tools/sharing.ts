// Tools of the sharing app: list the shares of the user's files, share with users, groups, email or a public link,
// change and remove shares.
import { z } from 'zod';
import { InvalidInputError } from '../../errors.js';
import { parseFilePath } from '../../platform/files/dav-paths.js';
import { PERMISSION_NAMES, SHARE_TYPE_NAMES } from '../../platform/sharing/share-types.js';
import { createShare, deleteShare, listShares, updateShare, type Share } from '../../platform/sharing/shares.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { ADDITIVE, DESTRUCTIVE_IDEMPOTENT, READ_ONLY } from './tool-shapes.js';

const PERMISSIONS = z.array(z.enum(PERMISSION_NAMES));
const EXPIRY = z.string();

const shareOutput = z.object({
  id: z.string(),
  path: z.string(),
  share_type: z.string(),
  shared_with: z.string().optional(),
  permissions: z.array(z.string()),
  expires_on: z.string().optional(),
  has_password: z.boolean(),
  url: z.string().optional(),
});

export const listSharesTool = defineTool({
  name: 'nc_sharing_list',
  app: 'sharing',
  title: 'List shares',
  description: 'Lists shares the user made, or those of path (subfiles: of the items in it).',
  input: z.object({
    path: z.string().optional(),
    reshares: z.boolean().optional(),
    subfiles: z.boolean().optional(),
  }),
  output: z.object({ shares: z.array(shareOutput) }),
  annotations: READ_ONLY,
  async run({ path, reshares, subfiles }, { nextcloud }) {
    if (subfiles && path === undefined) throw new InvalidInputError('subfiles needs the path of a folder.');
    const folder = path === undefined ? undefined : parseFilePath(path, { allowRoot: true }).text;
    return { shares: (await listShares(nextcloud, { path: folder, reshares, subfiles })).map(describeShare) };
  },
  summarize: (result) =>
    result.shares.length === 0
      ? 'No shares.'
      : `${result.shares.length} shares: ${result.shares.map(summarizeShare).join('. ')}.`,
});

export const createShareTool = defineTool({
  name: 'nc_sharing_create',
  app: 'sharing',
  title: 'Share',
  description:
    'Shares a file or folder with a user, group, email address or as public link. ' +
    'If it is already shared with that recipient, answers the existing share unchanged (created: false).',
  input: z.object({
    path: z.string(),
    share_type: z.enum(SHARE_TYPE_NAMES),
    share_with: z.string().optional(),
    permissions: PERMISSIONS.optional(),
    password: z.string().optional(),
    expire_date: EXPIRY.optional(),
    note: z.string().optional(),
    label: z.string().optional(),
  }),
  output: shareOutput.extend({ created: z.boolean() }),
  annotations: ADDITIVE,
  async run(args, { nextcloud }) {
    checkShareCombination(args);
    checkLengths(args);
    const { share, created } = await createShare(nextcloud, {
      path: parseFilePath(args.path).text,
      type: args.share_type,
      shareWith: args.share_with?.trim(),
      permissions: args.permissions,
      password: args.password,
      expireDate: checkExpiry(args.expire_date),
      note: args.note,
      label: args.label,
    });
    return { ...describeShare(share), created };
  },
  summarize: (share) =>
    share.created
      ? `Shared: ${summarizeShare(share)}.`
      : `Already shared, nothing created or changed: ${summarizeShare(share)}. ` +
        'Use nc_sharing_update to change this share.',
});

export const updateShareTool = defineTool({
  name: 'nc_sharing_update',
  app: 'sharing',
  title: 'Edit share',
  description: 'Changes a share of nc_sharing_list. A null password or expire_date removes it.',
  input: z.object({
    share_id: z.string(),
    permissions: PERMISSIONS.optional(),
    password: z.string().nullable().optional(),
    expire_date: EXPIRY.nullable().optional(),
    note: z.string().optional(),
    label: z.string().optional(),
  }),
  output: shareOutput.pick({ id: true, permissions: true, expires_on: true, has_password: true }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ share_id, permissions, password, expire_date, note, label }, { nextcloud }) {
    checkLengths({ password, note, label });
    const changes = { permissions, password, expireDate: expire_date && checkExpiry(expire_date), note, label };
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new InvalidInputError('Give at least one of permissions, password, expire_date, note or label.');
    }
    const {
      id,
      permissions: now,
      expires_on,
      has_password,
    } = describeShare(await updateShare(nextcloud, checkShareId(share_id), changes));
    return { id, permissions: now, expires_on, has_password };
  },
  summarize: (share) =>
    `Updated share ${share.id}: ${share.permissions.join('+')}${share.has_password ? ', password' : ''}` +
    `${share.expires_on ? `, expires ${share.expires_on}` : ''}.`,
});

export const deleteShareTool = defineTool({
  name: 'nc_sharing_delete',
  app: 'sharing',
  title: 'Unshare',
  description: 'Removes a share.',
  input: z.object({ share_id: z.string() }),
  output: z.object({ id: z.string() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ share_id }, { nextcloud }) {
    await deleteShare(nextcloud, checkShareId(share_id));
    return { id: share_id };
  },
  summarize: (result) => `Removed share ${result.id}.`,
});

export const SHARING_TOOLS: ToolDefinition[] = [listSharesTool, createShareTool, updateShareTool, deleteShareTool];

/** Which fields each share type takes, checked before Nextcloud is asked. */
function checkShareCombination(args: {
  share_type: (typeof SHARE_TYPE_NAMES)[number];
  share_with?: string;
  password?: string;
  label?: string;
}): void {
  const isLink = args.share_type === 'public_link';
  const shareWith = args.share_with?.trim() || undefined;
  if (isLink && shareWith !== undefined) throw new InvalidInputError('A public link has no share_with. Leave it out.');
  if (!isLink && shareWith === undefined) throw new InvalidInputError(`A ${args.share_type} share needs share_with.`);
  if (args.share_type === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(shareWith ?? '')) {
    throw new InvalidInputError('share_with must be an email address for an email share.');
  }
  if (args.password !== undefined && !isLink && args.share_type !== 'email') {
    throw new InvalidInputError('Only public links and email shares can have a password.');
  }
  if (args.label !== undefined && !isLink) throw new InvalidInputError('Only public links have a label.');
}

/** Nextcloud's column sizes; the schema leaves them out because a model does not need them. */
const MAX_CHARS = { share_with: 255, password: 200, note: 2_000, label: 255 } as const;

function checkLengths(args: Partial<Record<keyof typeof MAX_CHARS, string | null>>): void {
  for (const [name, max] of Object.entries(MAX_CHARS) as [keyof typeof MAX_CHARS, number][]) {
    if ((args[name]?.length ?? 0) > max) throw new InvalidInputError(`${name} is longer than ${max} characters.`);
  }
}

/** The YYYY-MM-DD of an ISO 8601 date (a time after it is dropped), or InvalidInputError. */
function checkExpiry<T extends string | undefined>(input: T): T {
  if (input === undefined) return input;
  const date = input.slice(0, 10);
  const parsed = new Date(`${date}T00:00:00Z`);
  const isDate = /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(input) && !Number.isNaN(parsed.getTime());
  if (!isDate || parsed.toISOString().slice(0, 10) !== date) {
    throw new InvalidInputError('expire_date must be a real calendar date in the format YYYY-MM-DD.');
  }
  return date as T;
}

function checkShareId(shareId: string): string {
  if (!/^[A-Za-z0-9:_-]{1,64}$/.test(shareId)) throw new InvalidInputError('share_id is an id from nc_sharing_list.');
  return shareId;
}

function describeShare(share: Share): z.infer<typeof shareOutput> {
  return {
    id: share.id,
    path: share.path,
    share_type: share.type,
    shared_with: share.sharedWith ?? undefined,
    permissions: share.permissions,
    expires_on: share.expiresOn ?? undefined,
    has_password: share.hasPassword,
    url: share.url ?? undefined,
  };
}

function summarizeShare(share: z.infer<typeof shareOutput>): string {
  const target = share.share_type === 'public_link' ? `public link ${share.url ?? ''}`.trim() : share.shared_with;
  const extras = [share.has_password ? 'password' : '', share.expires_on ? `expires ${share.expires_on}` : '']
    .filter(Boolean)
    .join(', ');
  return `${share.path} with ${target} (${share.permissions.join('+')}${extras ? `, ${extras}` : ''}, id ${share.id})`;
}
