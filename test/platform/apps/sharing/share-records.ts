// The shares the sharing double keeps, and how files_sharing describes one in its OCS answers.

export const SHARE_TYPES = { user: 0, group: 1, link: 3, email: 4 } as const;

export interface ShareRecord {
  id: number;
  shareType: number;
  sharedBy: string;
  fileOwner: string;
  /** Below the owner's home, with a leading slash (`/Documents/report.pdf`). */
  path: string;
  shareWith: string | null;
  permissions: number;
  /** `YYYY-MM-DD 00:00:00`, as the API answers it. */
  expiration: string | null;
  password: string | null;
  token: string | null;
  note: string;
  label: string;
}

/** One share as `ocs.data` carries it: the id as a string, a link's password hash in share_with, its url. */
export function describeShare(share: ShareRecord, isFolder: boolean, baseUrl: string): Record<string, unknown> {
  const isLink = share.shareType === SHARE_TYPES.link;
  const hasToken = isLink || share.shareType === SHARE_TYPES.email;
  const passwordHash = share.password ? hashOf(share.password) : null;
  return {
    id: String(share.id),
    share_type: share.shareType,
    uid_owner: share.sharedBy,
    displayname_owner: share.sharedBy,
    permissions: share.permissions,
    can_edit: true,
    can_delete: true,
    stime: 1735725600,
    parent: null,
    expiration: share.expiration,
    token: share.token,
    uid_file_owner: share.fileOwner,
    note: share.note,
    label: share.label,
    displayname_file_owner: share.fileOwner,
    path: share.path,
    item_type: isFolder ? 'folder' : 'file',
    item_permissions: 31,
    mimetype: isFolder ? 'httpd/unix-directory' : 'application/octet-stream',
    has_preview: false,
    storage_id: `home::${share.fileOwner}`,
    storage: 1,
    item_source: 5000 + share.id,
    file_source: 5000 + share.id,
    file_parent: 4999,
    file_target: share.path.slice(share.path.lastIndexOf('/')),
    // Link shares carry the password hash in share_with, not a recipient.
    share_with: isLink ? passwordHash : share.shareWith,
    share_with_displayname: isLink ? '(Shared link)' : share.shareWith,
    mail_send: 0,
    hide_download: 0,
    attributes: null,
    ...(hasToken ? { password: passwordHash, send_password_by_talk: false } : {}),
    // A pretty-URL server: no /index.php before /s/.
    ...(isLink ? { url: `${baseUrl}/s/${share.token}` } : {}),
  };
}

/** Nextcloud's password hash as a share answers it: `3|` and an Argon2id hash (here derived, not computed). */
function hashOf(password: string): string {
  const encoded = Buffer.from(password).toString('base64').replace(/=+$/, '');
  return `3|$argon2id$v=19$m=65536,t=4,p=1$c2hhcmVzYWx0$${encoded}`;
}
