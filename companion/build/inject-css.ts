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
			for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
				const css = collectCss(entry, bundle)
				if (css !== '') {
					// Appended, not prepended, so the source map stays valid; it still runs before the first paint.
					entry.code = appendBeforeSourceMapComment(entry.code, buildStyleInjection(css))
				}
			}
			for (const [fileName, file] of Object.entries(bundle)) {
				if (file.type === 'asset' && fileName.endsWith('.css')) {
					delete bundle[fileName]
				}
			}
		},
	}
}

/** The CSS an entry needs: its own and that of every chunk it imports statically, each file once. */
function collectCss(entry: OutputChunk, bundle: OutputBundle): string {
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
	return [...cssFiles].map((file) => String((bundle[file] as OutputAsset | undefined)?.source ?? '')).join('\n')
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
