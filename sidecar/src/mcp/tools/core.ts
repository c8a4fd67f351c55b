// Core tools: who the caller is in Nextcloud, and which version and apps it runs.
import { z } from 'zod';
import { fetchCapabilities } from '../../platform/capabilities.js';
import { resolveUserTimeZone } from '../../platform/calendar/user-time-zone.js';
import { fetchCurrentUserWith } from '../../platform/current-user.js';
import { isAppInstalled, TOOL_APPS } from '../app-availability.js';
import { defineTool } from '../tool-definition.js';
import { TOOL_GROUP_TOOLS } from './tool-group-tools.js';
import { READ_ONLY } from './tool-shapes.js';

export const whoamiTool = defineTool({
  name: 'nc_core_whoami',
  app: 'core',
  title: 'Who am I',
  description:
    'Returns the Nextcloud user id, display name, email and time zone (IANA) of the account the assistant acts for.',
  input: z.object({}),
  output: z.object({
    user_id: z.string(),
    display_name: z.string(),
    email: z.string().nullable(),
    groups: z.array(z.string()),
    time_zone: z.string(),
  }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const user = await fetchCurrentUserWith(nextcloud);
    const timeZone = await resolveUserTimeZone(nextcloud, user);
    return {
      user_id: user.id,
      display_name: user.displayName,
      email: user.email ?? null,
      groups: user.groups,
      time_zone: timeZone.id,
    };
  },
  summarize: (user) => `You are ${user.display_name} (user id ${user.user_id}), time zone ${user.time_zone}.`,
});

export const capabilitiesTool = defineTool({
  name: 'nc_core_capabilities',
  app: 'core',
  title: 'Nextcloud version and apps',
  description: 'Returns the Nextcloud version and which of the apps the tools cover are available.',
  input: z.object({}),
  output: z.object({ version: z.string(), apps: z.array(z.object({ app: z.string(), available: z.boolean() })) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const capabilities = await fetchCapabilities(nextcloud);
    return {
      version: capabilities.version,
      apps: TOOL_APPS.map((app) => ({ app, available: isAppInstalled(app, capabilities) })),
    };
  },
  summarize: (result) =>
    `Nextcloud ${result.version}. Available: ${result.apps
      .filter((a) => a.available)
      .map((a) => a.app)
      .join(', ')}.`,
});

export const CORE_TOOLS = [whoamiTool, capabilitiesTool, ...TOOL_GROUP_TOOLS];
