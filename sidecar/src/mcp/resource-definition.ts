// What a resource template is: a `nextcloud://` URI template of one app and the function that reads it with the
// caller's Nextcloud client.
import type { ToolApp, ToolContext } from './tool-definition.js';

export interface ResourceContents {
  text: string;
  mimeType: string;
}

export interface ResourceTemplateDefinition {
  name: string;
  app: ToolApp;
  /** RFC 6570 template, e.g. nextcloud://notes/{id}. */
  uriTemplate: string;
  title: string;
  description: string;
  mimeType: string;
  read(variables: Record<string, string>, context: ToolContext): Promise<ResourceContents>;
}
