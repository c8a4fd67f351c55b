// The discovery tools: which tool groups the caller can use, and enabling groups for the session.
import { z } from 'zod';
import { InvalidInputError, UnavailableError } from '../../errors.js';
import { TOOL_APPS } from '../app-availability.js';
import { defineTool, type ToolContext, type ToolGroupControl } from '../tool-definition.js';
import { TOOL_GROUP_SUMMARIES } from '../tool-groups.js';
import { READ_ONLY } from './tool-shapes.js';

export const listToolGroupsTool = defineTool({
  name: 'nc_core_list_tool_groups',
  app: 'core',
  title: 'List tool groups',
  description:
    'Lists the groups of tools this account can use and whether each is listed now (enable more with nc_core_enable_tool_groups).',
  input: z.object({}),
  output: z.object({
    groups: z.array(z.object({ group: z.string(), listed: z.boolean(), tool_count: z.number(), about: z.string() })),
  }),
  annotations: READ_ONLY,
  run: async (_args, context) => ({
    groups: control(context)
      .groups()
      .map(({ group, listed, tools }) => ({
        group,
        listed,
        tool_count: tools.length,
        about: TOOL_GROUP_SUMMARIES[group],
      })),
  }),
  summarize: (result) =>
    result.groups
      .map((g) => `${g.group}${g.listed ? '' : ' (not listed)'}: ${g.about} ${g.tool_count} tools.`)
      .join('\n'),
});

export const enableToolGroupsTool = defineTool({
  name: 'nc_core_enable_tool_groups',
  app: 'core',
  title: 'Enable tool groups',
  description: 'Adds groups of tools (from nc_core_list_tool_groups) to the tool list of this session.',
  input: z.object({ groups: z.array(z.enum(TOOL_APPS)).min(1).max(TOOL_APPS.length) }),
  output: z.object({
    enabled: z.array(z.string()),
    tools: z.array(z.string()),
    list_changed: z.boolean().describe('false: no session keeps the list, call the tools by name.'),
  }),
  annotations: READ_ONLY,
  async run({ groups }, context) {
    const toolGroups = control(context);
    const usable = toolGroups.groups();
    const missing = groups.filter((group) => !usable.some((info) => info.group === group));
    if (missing.length > 0) {
      throw new InvalidInputError(
        `This account has no tool group ${missing.join(', ')}. Groups: ${usable.map((info) => info.group).join(', ')}.`,
      );
    }
    const enabled = await toolGroups.enable(groups);
    const tools = usable.filter((info) => groups.includes(info.group)).flatMap((info) => info.tools);
    return { enabled, tools, list_changed: toolGroups.persistent && enabled.length > 0 };
  },
  summarize: (result) =>
    result.list_changed
      ? `Listed now: ${result.tools.join(', ')}.`
      : `These tools can be called by name: ${result.tools.join(', ')}.`,
});

function control(context: ToolContext): ToolGroupControl {
  if (!context.toolGroups) throw new UnavailableError('Tool groups are not available on this server.');
  return context.toolGroups;
}

export const TOOL_GROUP_TOOLS = [listToolGroupsTool, enableToolGroupsTool];
