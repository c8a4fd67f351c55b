// What a tool is: an `nc_<app>_<verb>` name, an ASCII description, bounded input and output schemas, annotations
// and the function that does the work with the caller's Nextcloud client.
import type { z } from 'zod';
import type { Logger } from '../logging/logger.js';
import type { NextcloudClient } from '../platform/nextcloud-client.js';
import type { DocumentReaders } from '../knowledge/extract/document-readers.js';

/** The app a tool belongs to; tools of apps that are not installed are not listed. `core` is always there. */
export type ToolApp =
  | 'core'
  | 'files'
  | 'notes'
  | 'calendar'
  | 'contacts'
  | 'deck'
  | 'news'
  | 'mail'
  | 'tables'
  | 'cookbook'
  | 'collectives'
  | 'sharing'
  | 'search'
  | 'knowledge';

/** A group as nc_core_list_tool_groups shows it: only groups the caller can use (app present, scope granted). */
export interface ToolGroupInfo {
  group: ToolApp;
  listed: boolean;
  tools: string[];
}

/** What the discovery tools see of their session (ToolContext.toolGroups; built in server-factory.ts from tool-groups.ts). */
export interface ToolGroupControl {
  readonly persistent: boolean;
  groups(): ToolGroupInfo[];
  /** Enables `apps` and, when that changed the list, tells the client (notifications/tools/list_changed). */
  enable(apps: readonly ToolApp[]): Promise<ToolApp[]>;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolContext {
  nextcloud: NextcloudClient;
  requestId: string;
  signal: AbortSignal;
  logger: Logger;
  /** Sends a progress notification when the caller asked for progress; otherwise does nothing. */
  reportProgress(progress: number, total?: number, message?: string): Promise<void>;
  /** Reads the text of PDFs and Office and other documents in worker threads (absent: such files are not read). */
  documents?: DocumentReaders;
  /** The session's tool groups, for the discovery tools (absent on servers without a catalog, as in some tests). */
  toolGroups?: ToolGroupControl;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  app: ToolApp;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  run(args: z.infer<I>, context: ToolContext): Promise<z.infer<O>>;
  /** The text fallback for clients that ignore structured content. */
  summarize(result: z.infer<O>): string;
}

export const TOOL_NAME_PATTERN = /^nc_[a-z]+_[a-z][a-z_]*[a-z]$/;

/** Defines a tool, refusing names and descriptions that break the house rules at module load. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  tool: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  if (!TOOL_NAME_PATTERN.test(tool.name) || !tool.name.startsWith(`nc_${tool.app}_`)) {
    throw new Error(`Tool name ${tool.name} must be nc_${tool.app}_<verb>.`);
  }
  if (!/^[\x20-\x7e]+$/.test(tool.description) || tool.description.includes(';')) {
    throw new Error(`Tool ${tool.name}: the description must be printable ASCII without ";".`);
  }
  return tool;
}
