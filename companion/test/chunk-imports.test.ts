// Builds the companion (in memory) and reads every emitted chunk's import statements: no chunk may import an entry.
// Nextcloud loads an entry as `<entry>.mjs?v=<hash>`, so a chunk importing `./<entry>.mjs` would load a second copy
// of the page, which mounts again and wipes what the user had typed and found.
// @vitest-environment node
import { init, parse } from 'es-module-lexer'
import { fileURLToPath } from 'node:url'
import type { OutputChunk, RollupOutput } from 'rollup'
import { build } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'

let chunks: OutputChunk[]

beforeAll(async () => {
	const output = (await build({
		configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
		logLevel: 'silent',
		build: { write: false, sourcemap: false },
	})) as RollupOutput | RollupOutput[]
	const outputs = Array.isArray(output) ? output : [output]
	chunks = outputs.flatMap((result) => result.output.filter((file): file is OutputChunk => file.type === 'chunk'))
	await init
}, 120_000)

/** The relative specifiers of a chunk's static and dynamic imports, as the browser will see them. */
function importedFiles(code: string): string[] {
	const [imports] = parse(code)
	return imports
		.map((entry) => entry.n)
		.filter((name): name is string => name !== undefined && name.startsWith('./'))
		.map((name) => name.slice(2))
}

describe('the built chunks', () => {
	it('include the four entries and at least one lazily loaded chunk', () => {
		const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
		expect(entries.sort()).toEqual([
			'mcp_companion-admin.mjs',
			'mcp_companion-error.mjs',
			'mcp_companion-personal.mjs',
			'mcp_companion-search.mjs',
		])
		expect(chunks.some((chunk) => chunk.isDynamicEntry)).toBe(true)
	})

	it('never import an entry, statically or with import()', () => {
		const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))

		const offending = chunks.flatMap((chunk) =>
			importedFiles(chunk.code)
				.filter((file) => entryFiles.has(file))
				.map((file) => `${chunk.fileName} imports ${file}`),
		)

		expect(offending).toEqual([])
	})

	it('import only files that the build emitted', () => {
		const emitted = new Set(chunks.map((chunk) => chunk.fileName))

		const missing = chunks.flatMap((chunk) =>
			importedFiles(chunk.code)
				.filter((file) => file.endsWith('.mjs') && !emitted.has(file))
				.map((file) => `${chunk.fileName} imports ${file}`),
		)

		expect(missing).toEqual([])
	})
})
