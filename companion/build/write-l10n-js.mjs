// Writes l10n/<lang>.js (OC.L10N.register) from l10n/<lang>.json, so only the JSON files need editing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

const l10nDir = new URL('../../l10n/', import.meta.url)

for (const file of readdirSync(l10nDir).filter((name) => name.endsWith('.json'))) {
	const { translations, pluralForm } = JSON.parse(readFileSync(new URL(file, l10nDir), 'utf8'))
	const entries = Object.entries(translations).map(([key, value]) => `    ${JSON.stringify(key)} : ${JSON.stringify(value)}`)
	const script = `OC.L10N.register(\n    "mcp_companion",\n    {\n${entries.join(',\n')}\n},\n${JSON.stringify(pluralForm)});\n`
	writeFileSync(new URL(file.replace(/\.json$/, '.js'), l10nDir), script)
}
