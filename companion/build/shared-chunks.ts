// Rollup chunking rule: code that a lazily loaded chunk shares with a page goes into a chunk of its own, never into
// the page's entry. Nextcloud loads an entry as `…/mcp_companion-search.mjs?v=<hash>`; a lazy chunk importing
// `./mcp_companion-search.mjs` (no query) would load and mount the whole page a second time.

export const SHARED_CHUNK = 'mcp_companion-shared'

interface ModuleGraph {
	getModuleInfo(id: string): {
		importers: readonly string[]
		dynamicImporters: readonly string[]
		isEntry: boolean
	} | null
}

/**
 * Puts every module that is imported statically (directly or through others) both by a dynamically imported module
 * and by an entry into SHARED_CHUNK; modules only a lazy chunk needs stay in it, modules only an entry needs stay
 * in the entry.
 */
export function sharedChunks(): (id: string, meta: ModuleGraph) => string | undefined {
	return (id, meta) => {
		const ancestors = staticAncestors(id, meta)
		const isLazyRoot = (module: string) => (meta.getModuleInfo(module)?.dynamicImporters.length ?? 0) > 0
		const isEntry = (module: string) => meta.getModuleInfo(module)?.isEntry === true
		return ancestors.some(isLazyRoot) && ancestors.some(isEntry) ? SHARED_CHUNK : undefined
	}
}

/** The modules that import `id` statically, directly or through others (not `id` itself). */
function staticAncestors(id: string, meta: ModuleGraph): string[] {
	const seen = new Set<string>()
	const pending = [...(meta.getModuleInfo(id)?.importers ?? [])]
	while (pending.length > 0) {
		const module = pending.pop()!
		if (module === id || seen.has(module)) {
			continue
		}
		seen.add(module)
		pending.push(...(meta.getModuleInfo(module)?.importers ?? []))
	}
	return [...seen]
}
