// Where a user's address books and vCards live in Nextcloud's CardDAV tree, every segment percent-encoded.
import { pathSegment } from '../urls.js';

export const contactsPaths = {
  home: (userId: string) => `/remote.php/dav/addressbooks/users/${pathSegment(userId)}/`,
  addressBook: (userId: string, addressBookId: string) => `${contactsPaths.home(userId)}${pathSegment(addressBookId)}/`,
  card: (userId: string, addressBookId: string, fileName: string) =>
    `${contactsPaths.addressBook(userId, addressBookId)}${pathSegment(fileName)}`,
};

/** Address books Nextcloud generates (the accounts of the instance, apps' books), not the user's own. */
export function isSystemAddressBook(addressBookId: string): boolean {
  return addressBookId.startsWith('z-server-generated--') || addressBookId.startsWith('z-app-generated--');
}

/** The file name Nextcloud's clients use for a vCard with this UID. */
export function cardFileName(uid: string): string {
  return `${uid}.vcf`;
}
