// Tools of the sharing app: list the shares of the user's files, share with users, groups, email or a public link,
// change and remove shares.
import { z } from 'zod';
import { InvalidInputError } from '../../errors.js';
import { PERMISSION_NAMES, SHARE_TYPE_NAMES } from '../../platform/sharing/share-types.js';
import { createShare, deleteShare, listShares, updateShare, type Share } from '../../platform/sharing/shares.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';

const PATH = z
  .string()
  .min(1)
  .max(4_096)
  .regex(/^[^\x00-\x1f]*$/, 'a path without control characters')
  .describe('Path in the user files, for example /Documents/report.pdf');
const SHARE_ID = z
  .string()
  .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'a share id as nc_sharing_list returns it')
  .describe('The share id from nc_sharing_list or nc_sharing_create');
const EXPIRY = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date in the format YYYY-MM-DD')
  .refine(isCalendarDate, 'a real calendar date in the format YYYY-MM-DD')
  .describe('Expiry date, YYYY-MM-DD');
const PERMISSIONS = z
  .array(z.enum(PERMISSION_NAMES))
  .min(1)
  .max(PERMISSION_NAMES.length)
  .describe('read, update, create, delete, share. Files ignore create and delete.');
const PASSWORD = z.string().min(1).max(200);

const shareOutput = z.object({
  share_id: z.string(),
  share_type: z.enum([...SHARE_TYPE_NAMES, 'other']),
  shared_with: z.string().nullable(),
  shared_with_name: z.string().nullable(),
  path: z.string(),
  item_type: z.enum(['file', 'folder']),
  permissions: z.array(z.string()),
  expires_on: z.string().nullable(),
  has_password: z.boolean(),
  url: z.string().nullable(),
  download_url: z.string().nullable(),
  note: z.string(),
  label: z.string(),
  owner: z.string(),
});

export const listSharesTool = defineTool({
  name: 'nc_sharing_list',
  app: 'sharing',
  title: 'List shares',
  description:
    'Lists shares the user made, or those of one file or folder. With subfiles the shares of the items inside a folder.',
  input: z.object({
    path: PATH.optional(),
    reshares: z.boolean().default(false).describe('Also list shares others made of the user files'),
    subfiles: z.boolean().default(false).describe('With a folder path: the shares of the items inside it'),
  }),
  output: z.object({ shares: z.array(shareOutput) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ path, reshares, subfiles }, { nextcloud }) {
    if (subfiles && path === undefined) throw new InvalidInputError('subfiles needs the path of a folder.');
    const shares = await listShares(nextcloud, { path, reshares, subfiles });
    return { shares: shares.map(describeShare) };
  },
  summarize: (result) =>
    result.shares.length === 0
      ? 'No shares.'
      : `${result.shares.length} shares: ${result.shares.map(summarizeShare).join('. ')}.`,
});

export const createShareTool = defineTool({
  name: 'nc_sharing_create',
  app: 'sharing',
  title: 'Share a file or folder',
  description:
    'Shares a file or folder with a user, a group or an email address, or creates a public link, optionally with a password and an expiry date.',
  input: z.object({
    path: PATH,
    share_type: z.enum(SHARE_TYPE_NAMES),
    share_with: z.string().trim().min(1).max(255).optional().describe('User id, group id or email address'),
    permissions: PERMISSIONS.optional(),
    password: PASSWORD.optional().describe('Only for public_link and email shares'),
    expire_date: EXPIRY.optional(),
    note: z.string().max(2_000).optional(),
    label: z.string().max(255).optional().describe('Only for public links'),
  }),
  output: shareOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(args, { nextcloud }) {
    checkShareCombination(args);
    const share = await createShare(nextcloud, {
      path: args.path,
      type: args.share_type,
      shareWith: args.share_with,
      permissions: args.permissions,
      password: args.password,
      expireDate: args.expire_date,
      note: args.note,
      label: args.label,
    });
    return describeShare(share);
  },
  summarize: (share) => `Shared: ${summarizeShare(share)}.`,
});

export const updateShareTool = defineTool({
  name: 'nc_sharing_update',
  app: 'sharing',
  title: 'Change a share',
  description:
    'Changes the permissions, password, expiry date, note or label of a share. A null password or expire_date removes it.',
  input: z.object({
    share_id: SHARE_ID,
    permissions: PERMISSIONS.optional(),
    password: PASSWORD.nullable().optional(),
    expire_date: EXPIRY.nullable().optional(),
    note: z.string().max(2_000).optional(),
    label: z.string().max(255).optional(),
  }),
  output: shareOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ share_id, permissions, password, expire_date, note, label }, { nextcloud }) {
    const changes = { permissions, password, expireDate: expire_date, note, label };
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new InvalidInputError('Give at least one of permissions, password, expire_date, note or label.');
    }
    return describeShare(await updateShare(nextcloud, share_id, changes));
  },
  summarize: (share) => `Updated share ${share.share_id}: ${summarizeShare(share)}.`,
});

export const deleteShareTool = defineTool({
  name: 'nc_sharing_delete',
  app: 'sharing',
  title: 'Remove a share',
  description: 'Removes a share. The recipients lose access and a public link stops working.',
  input: z.object({ share_id: SHARE_ID }),
  output: z.object({ deleted: z.literal(true), share_id: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ share_id }, { nextcloud }) {
    await deleteShare(nextcloud, share_id);
    return { deleted: true as const, share_id };
  },
  summarize: (result) => `Removed share ${result.share_id}.`,
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
  if (isLink && args.share_with !== undefined) {
    throw new InvalidInputError('A public link has no share_with. Leave it out.');
  }
  if (!isLink && args.share_with === undefined) {
    throw new InvalidInputError(`A ${args.share_type} share needs share_with.`);
  }
  if (args.share_type === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(args.share_with ?? '')) {
    throw new InvalidInputError('share_with must be an email address for an email share.');
  }
  if (args.password !== undefined && !isLink && args.share_type !== 'email') {
    throw new InvalidInputError('Only public links and email shares can have a password.');
  }
  if (args.label !== undefined && !isLink) throw new InvalidInputError('Only public links have a label.');
}

function describeShare(share: Share): z.infer<typeof shareOutput> {
  return {
    share_id: share.id,
    share_type: share.type,
    shared_with: share.sharedWith,
    shared_with_name: share.sharedWithName,
    path: share.path,
    item_type: share.itemType,
    permissions: share.permissions,
    expires_on: share.expiresOn,
    has_password: share.hasPassword,
    url: share.url,
    download_url: share.downloadUrl,
    note: share.note,
    label: share.label,
    owner: share.owner,
  };
}

function summarizeShare(share: z.infer<typeof shareOutput>): string {
  const target = share.share_type === 'public_link' ? `public link ${share.url ?? ''}`.trim() : share.shared_with;
  const extras = [share.has_password ? 'password' : '', share.expires_on ? `expires ${share.expires_on}` : '']
    .filter(Boolean)
    .join(', ');
  return `${share.path} with ${target} (${share.permissions.join('+')}${extras ? `, ${extras}` : ''}, id ${share.share_id})`;
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
