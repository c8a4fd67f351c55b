// Vite plugin: moves the CSS of each entry into its JavaScript, so the PHP page only has to load one script.
import type { OutputAsset, OutputBundle, OutputChunk } from 'rollup'
import type { Plugin } from 'vite'

export function injectCss(): Plugin {
	return {
		name: 'mcp-companion:inject-css',
		apply: 'build',
		enforce: 'post',
		generateBundle(_options, bundle) {
			const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk')
			const injected = new Set<string>()
			for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
				injectInto(entry, collectCssFiles(entry, bundle), bundle, injected)
			}
			// A chunk only loaded by import() brings the CSS no entry carries.
			for (const chunk of chunks.filter((file) => !file.isEntry)) {
				const own = [...(chunk.viteMetadata?.importedCss ?? [])].filter((file) => !injected.has(file))
				injectInto(chunk, new Set(own), bundle, injected)
			}
			// Kept: CSS files a dynamic import() loads before its chunk runs (Vite's preload fails without them).
			const preloaded = findPreloadedCss(chunks, bundle)
			for (const [fileName, file] of Object.entries(bundle)) {
				if (file.type === 'asset' && fileName.endsWith('.css') && !preloaded.has(fileName)) {
					delete bundle[fileName]
				}
			}
		},
	}
}

function injectInto(chunk: OutputChunk, cssFiles: Set<string>, bundle: OutputBundle, injected: Set<string>): void {
	const css = [...cssFiles].map((file) => String((bundle[file] as OutputAsset | undefined)?.source ?? '')).join('\n')
	cssFiles.forEach((file) => injected.add(file))
	if (css !== '') {
		// Appended, not prepended, so the source map stays valid; it still runs before the first paint.
		chunk.code = appendBeforeSourceMapComment(chunk.code, buildStyleInjection(css))
	}
}

/** The CSS files an entry needs: its own and those of every chunk it imports statically, each file once. */
function collectCssFiles(entry: OutputChunk, bundle: OutputBundle): Set<string> {
	const cssFiles = new Set<string>()
	const seen = new Set<string>()
	const visit = (chunk: OutputChunk): void => {
		if (seen.has(chunk.fileName)) {
			return
		}
		seen.add(chunk.fileName)
		for (const imported of chunk.imports) {
			const next = bundle[imported]
			if (next?.type === 'chunk') {
				visit(next)
			}
		}
		chunk.viteMetadata?.importedCss.forEach((file) => cssFiles.add(file))
	}
	visit(entry)
	return cssFiles
}

/** The CSS of each chunk loaded by import() and of its static imports: Vite preloads those files with it. */
function findPreloadedCss(chunks: OutputChunk[], bundle: OutputBundle): Set<string> {
	const names = new Set<string>()
	for (const chunk of chunks.filter((file) => file.isDynamicEntry)) {
		collectCssFiles(chunk, bundle).forEach((file) => names.add(file))
	}
	return names
}

function buildStyleInjection(css: string): string {
	return `\n(function(){var s=document.createElement('style');s.dataset.app='mcp_companion';s.textContent=${JSON.stringify(css)};document.head.appendChild(s)})();\n`
}

/** Keeps `//# sourceMappingURL=` as the last line, where browsers look for it. */
function appendBeforeSourceMapComment(code: string, addition: string): string {
	const comment = /\n\/\/# sourceMappingURL=[^\n]*\n?$/.exec(code)
	if (comment === null) {
		return code + addition
	}
	return code.slice(0, comment.index) + addition + comment[0]
}
