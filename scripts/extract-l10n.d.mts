// Types of scripts/extract-l10n.mjs for the TypeScript tests that import it.
export interface TranslatableString {
  msgid: string;
  plural?: string;
  references: string[];
}

export const APP_ID: 'mcp_companion';
export function extractTranslatableStrings(root?: string): { entries: TranslatableString[]; notLiteral: string[] };
export function findUnwrappedStrings(root?: string): string[];
export function renderPot(entries: TranslatableString[]): string;
