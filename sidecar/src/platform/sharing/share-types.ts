// Nextcloud's share type codes and permission bits, by the names the tools use.

export const SHARE_TYPE_CODES = { user: 0, group: 1, public_link: 3, email: 4 } as const;
export type ShareTypeName = keyof typeof SHARE_TYPE_CODES;
export const SHARE_TYPE_NAMES = Object.keys(SHARE_TYPE_CODES) as [ShareTypeName, ...ShareTypeName[]];

export const PERMISSION_BITS = { read: 1, update: 2, create: 4, delete: 8, share: 16 } as const;
export type PermissionName = keyof typeof PERMISSION_BITS;
export const PERMISSION_NAMES = Object.keys(PERMISSION_BITS) as [PermissionName, ...PermissionName[]];

/** The type name of a code; undefined for codes the tools do not create (federated, Talk room, Deck's 12, …). */
export function shareTypeName(code: number): ShareTypeName | undefined {
  const entry = Object.entries(SHARE_TYPE_CODES).find(([, value]) => value === code);
  return entry ? (entry[0] as ShareTypeName) : undefined;
}

export function toPermissionBits(names: readonly PermissionName[]): number {
  return names.reduce((bits, name) => bits | PERMISSION_BITS[name], 0);
}

export function toPermissionNames(bits: number): PermissionName[] {
  return PERMISSION_NAMES.filter((name) => (bits & PERMISSION_BITS[name]) !== 0);
}
