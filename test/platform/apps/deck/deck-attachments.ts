// The attachments of cards in the deck double: GET …/cards/{c}/attachments lists them; API 1.0 only those of type
// deck_file, API 1.1 every type (the files of the user's own that Deck 1.3 and later attaches are type `file`).
// unverified: the route, the filter per API version and the JSON (source: nextcloud/deck docs/API.md "Attachments"
// and lib/Controller/AttachmentApiController.php getAll()).
import { DeckError } from './deck-store.js';

export interface Attachment {
  id: number;
  cardId: number;
  type: 'deck_file' | 'file';
  name: string;
  size: number;
  mimetype: string;
}

export function listAttachments(all: Iterable<Attachment>, cardId: number, apiVersion: string, method: string) {
  // unverified: another method on the list route (uploads are POST, which the double does not serve) (source: none).
  if (method !== 'GET') throw new DeckError(405, '');
  const ofCard = [...all].filter((a) => a.cardId === cardId && (apiVersion === '1.1' || a.type === 'deck_file'));
  return ofCard.map(describeAttachment);
}

function describeAttachment(attachment: Attachment) {
  const dot = attachment.name.lastIndexOf('.');
  return {
    id: attachment.id,
    cardId: attachment.cardId,
    type: attachment.type,
    data: attachment.name,
    lastModified: 1_700_000_000,
    createdAt: 1_700_000_000,
    createdBy: 'double',
    deletedAt: 0,
    extendedData: {
      filesize: attachment.size,
      mimetype: attachment.mimetype,
      info: {
        dirname: '.',
        basename: attachment.name,
        extension: dot > 0 ? attachment.name.slice(dot + 1) : '',
        filename: dot > 0 ? attachment.name.slice(0, dot) : attachment.name,
      },
    },
  };
}
