// Collectives tools for whole collectives: list the caller's, create one.
import { z } from 'zod';
import { createCollective, listCollectives } from '../../../platform/collectives/collectives.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, READ_ONLY } from '../tool-shapes.js';
import { collectiveOutput, countOf, describeCollective } from './collectives-schemas.js';

export const listCollectivesTool = defineTool({
  name: 'nc_collectives_list_collectives',
  app: 'collectives',
  title: 'List collectives',
  description: 'Lists the collectives (shared wikis) the user is a member of.',
  input: z.object({}),
  output: z.object({ collectives: z.array(collectiveOutput), skipped: z.number() }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const { items, skipped } = await listCollectives(nextcloud);
    return { collectives: items.map(describeCollective), skipped };
  },
  summarize: (result) => countOf(result.collectives.length, 'collective', result.skipped),
});

export const createCollectiveTool = defineTool({
  name: 'nc_collectives_create_collective',
  app: 'collectives',
  title: 'Create a collective',
  description: 'Creates a collective (and a team of that name). Its landing page is the parent of new pages.',
  input: z.object({
    name: z
      .string()
      .trim()
      .refine((name) => name.length >= 1 && name.length <= 100, '1 to 100 characters')
      .refine((name) => !/[*|/\\:"<>?]/.test(name), 'a collective name is a folder name: no / \\ : * ? " < > |'),
  }),
  output: z.object({ id: z.number(), name: z.string(), landing_page_id: z.number().nullable() }),
  annotations: ADDITIVE,
  async run(fields, { nextcloud }) {
    const { collective, landingPageId } = await createCollective(nextcloud, fields);
    return { id: collective.id, name: collective.name, landing_page_id: landingPageId };
  },
  summarize: (result) => `Created collective ${result.id} "${result.name}" (landing page ${result.landing_page_id}).`,
});
