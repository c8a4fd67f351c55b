// Builds the companion's settings pages, search page and error page into the app's js/ folder, and runs the component tests.
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { injectCss } from './build/inject-css'
import { sharedChunks } from './build/shared-chunks'

const outDir = fileURLToPath(new URL('../js', import.meta.url))

export default defineConfig({
	plugins: [vue(), injectCss()],
	base: './',
	build: {
		outDir,
		emptyOutDir: true,
		target: 'es2022',
		modulePreload: false,
		// No chunk needs more than Vite's default (500 kB): the 3D map is a small canvas renderer of our own
		// (src/plot/), its own chunk loaded when the map is shown.
		chunkSizeWarningLimit: 500,
		sourcemap: true,
		rollupOptions: {
			input: {
				'mcp_companion-personal': fileURLToPath(new URL('src/personal.ts', import.meta.url)),
				'mcp_companion-admin': fileURLToPath(new URL('src/admin.ts', import.meta.url)),
				'mcp_companion-search': fileURLToPath(new URL('src/search.ts', import.meta.url)),
				'mcp_companion-error': fileURLToPath(new URL('src/error.ts', import.meta.url)),
			},
			output: {
				format: 'es',
				entryFileNames: '[name].mjs',
				chunkFileNames: 'mcp_companion-chunk-[hash].mjs',
				assetFileNames: 'mcp_companion-asset-[hash][extname]',
				// No chunk imports an entry: Nextcloud loads entries with a ?v= query, so an import of the bare entry
				// file would run the page a second time (build/shared-chunks.ts).
				manualChunks: sharedChunks(),
			},
		},
	},
	test: {
		environment: 'happy-dom',
		silent: 'passed-only',
		include: ['test/**/*.test.ts'],
		server: {
			deps: {
				inline: [/@nextcloud\//],
			},
		},
	},
})
