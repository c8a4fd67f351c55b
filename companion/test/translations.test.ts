// l10n/de.js registers exactly what l10n/de.json holds (that every string has a German entry is checked with the
// extraction itself: test/appstore/translations.test.ts).
// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const l10nDir = fileURLToPath(new URL('../../l10n', import.meta.url))

describe('German translations', () => {
	const german = JSON.parse(readFileSync(join(l10nDir, 'de.json'), 'utf8')) as {
		translations: Record<string, string>
		pluralForm: string
	}

	it('registers the same translations in l10n/de.js as in l10n/de.json', () => {
		const registered = evaluateRegistration(readFileSync(join(l10nDir, 'de.js'), 'utf8'))

		expect(registered).toEqual({
			app: 'mcp_companion',
			translations: german.translations,
			pluralForm: german.pluralForm,
		})
	})
})

function evaluateRegistration(script: string): {
	app: string
	translations: Record<string, string>
	pluralForm: string
} {
	let registered: { app: string; translations: Record<string, string>; pluralForm: string } | undefined
	const OC = {
		L10N: {
			register: (app: string, translations: Record<string, string>, pluralForm: string) => {
				registered = { app, translations, pluralForm }
			},
		},
	}
	new Function('OC', script)(OC)
	return registered!
}
