// The collectives the caller is a member of, and new ones (docs/nextcloud-behaviour.md, "Collectives").
import type { NextcloudClient } from '../nextcloud-client.js';
import { collectivesPaths } from './collectives-paths.js';
import { requestCollectives } from './collectives-request.js';
import { readAll, readCollective, type Collective, type Listed } from './collectives-models.js';
import { listPages } from './pages.js';
import { UpstreamError } from '../../errors.js';

export async function listCollectives(client: NextcloudClient): Promise<Listed<Collective>> {
  const data = await requestCollectives<{ collectives?: unknown }>(client, collectivesPaths.collectives());
  return readAll(data.collectives, readCollective);
}

/**
 * Creates a collective (and with it a team of the same name and a folder with its landing page); answers it with the
 * landing page's id, the parent of the first pages.
 */
export async function createCollective(
  client: NextcloudClient,
  fields: { name: string; emoji?: string },
): Promise<{ collective: Collective; landingPageId: number | null }> {
  const data = await requestCollectives<{ collective?: Record<string, unknown> }>(
    client,
    collectivesPaths.collectives(),
    {},
    { method: 'POST', json: { name: fields.name, ...(fields.emoji ? { emoji: fields.emoji } : {}) } },
  );
  const collective = data.collective && readCollective(data.collective);
  if (!collective) throw new UpstreamError('Collectives did not describe the collective it created.');
  const { items } = await listPages(client, collective.id);
  return { collective, landingPageId: items.find((page) => page.parentId === 0)?.id ?? null };
}
