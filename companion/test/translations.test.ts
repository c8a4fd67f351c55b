// Every string the Vue pages and the PHP layer translate has a German entry; l10n/de.js says the same as de.json.
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const srcDir = fileURLToPath(new URL('../src', import.meta.url))
const l10nDir = fileURLToPath(new URL('../../l10n', import.meta.url))
const phpDirs = ['../../lib', '../../templates'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)))

/** IL10N::t('…') calls in PHP: `$l->t('…')` or `$this->l10n->t('…')`. */
const PHP_CALL = /->t\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g

/** A call's first string argument after the app id, in single or double quotes; n() also has a plural. */
const CALL =
	/\b([tn])\(\s*'mcp_companion'\s*,\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?:\s*,\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"))?/g
const ANY_CALL = /\b[tn]\(\s*['"]mcp_companion['"]/g

interface SourceStrings {
	strings: Set<string>
	callCount: number
	literalCallCount: number
}

describe('German translations', () => {
	const source = collectSourceStrings(srcDir)
	const german = JSON.parse(readFileSync(join(l10nDir, 'de.json'), 'utf8')) as {
		translations: Record<string, string>
		pluralForm: string
	}

	it('finds translated strings in companion/src, each given as a literal', () => {
		expect(source.strings.size).toBeGreaterThan(10)
		expect(source.literalCallCount).toBe(source.callCount)
	})

	it('has an entry in l10n/de.json for every string in companion/src', () => {
		const missing = [...source.strings].filter(
			(text) => !(text in german.translations) || german.translations[text] === '',
		)

		expect(missing).toEqual([])
	})

	it('has an entry in l10n/de.json for every string the PHP layer translates', () => {
		const phpStrings = phpDirs
			.flatMap((dir) => listFiles(dir).filter((name) => name.endsWith('.php')))
			.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(PHP_CALL)].map((match) => unquote(match[1]!)))

		const missing = phpStrings.filter((text) => !(text in german.translations) || german.translations[text] === '')

		expect(phpStrings.length).toBeGreaterThan(10)
		expect(missing).toEqual([])
	})

	it('registers the same translations in l10n/de.js as in l10n/de.json', () => {
		const registered = evaluateRegistration(readFileSync(join(l10nDir, 'de.js'), 'utf8'))

		expect(registered).toEqual({
			app: 'mcp_companion',
			translations: german.translations,
			pluralForm: german.pluralForm,
		})
	})
})

function collectSourceStrings(dir: string): SourceStrings {
	const result: SourceStrings = { strings: new Set(), callCount: 0, literalCallCount: 0 }
	for (const file of listFiles(dir).filter((name) => /\.(ts|vue)$/.test(name))) {
		const text = readFileSync(file, 'utf8')
		result.callCount += text.match(ANY_CALL)?.length ?? 0
		for (const match of text.matchAll(CALL)) {
			result.literalCallCount += 1
			const [, kind, singular, plural] = match
			result.strings.add(unquote(singular!))
			if (kind === 'n' && plural !== undefined) {
				result.strings.add(unquote(plural))
			}
		}
	}
	return result
}

function listFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name)
		return entry.isDirectory() ? listFiles(path) : [path]
	})
}

function unquote(literal: string): string {
	return literal.slice(1, -1).replace(/\\(.)/g, '$1')
}

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
