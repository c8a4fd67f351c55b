// Rollup chunking rule: code that a lazily loaded chunk shares with a page goes into a chunk of its own, never into
// the page's entry. Nextcloud loads an entry as `…/mcp_companion-search.mjs?v=<hash>`; a lazy chunk importing
// `./mcp_companion-search.mjs` (no query) would load and mount the whole page a second time.
import type { GetManualChunk, ManualChunkMeta } from 'rollup'

export const SHARED_CHUNK = 'mcp_companion-shared'

/**
 * Puts every module that is reached both from a dynamically imported module and from an entry's static imports into
 * SHARED_CHUNK; modules only a lazy chunk needs stay in it, modules only an entry needs stay in the entry.
 */
export function sharedChunks(): GetManualChunk {
	let lazyReach: Set<string> | null = null
	let entryReach: Set<string> | null = null
	return (id: string, meta: ManualChunkMeta) => {
		if (lazyReach === null || entryReach === null) {
			const modules = [...meta.getModuleIds()]
			const lazyRoots = modules.filter((module) => (meta.getModuleInfo(module)?.dynamicImporters.length ?? 0) > 0)
			const entryRoots = modules.filter((module) => meta.getModuleInfo(module)?.isEntry === true)
			lazyReach = reachStatically(lazyRoots, meta, { includeRoots: false })
			entryReach = reachStatically(entryRoots, meta, { includeRoots: false })
		}
		return lazyReach.has(id) && entryReach.has(id) ? SHARED_CHUNK : undefined
	}
}

/** Every module the roots import statically, transitively (the roots themselves only if one imports another). */
function reachStatically(roots: string[], meta: ManualChunkMeta, options: { includeRoots: boolean }): Set<string> {
	const reached = new Set<string>(options.includeRoots ? roots : [])
	const pending = roots.flatMap((root) => [...(meta.getModuleInfo(root)?.importedIds ?? [])])
	while (pending.length > 0) {
		const id = pending.pop()!
		if (reached.has(id)) {
			continue
		}
		reached.add(id)
		pending.push(...(meta.getModuleInfo(id)?.importedIds ?? []))
	}
	return reached
}
