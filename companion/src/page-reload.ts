// How the personal page reloads itself after a change; injected so tests can watch for the reload.
import { inject, type InjectionKey } from 'vue'

export type ReloadPage = () => void

export const reloadPageKey: InjectionKey<ReloadPage> = Symbol('reloadPage')

/** The provided reload function, or a real `window.location.reload()`. */
export function useReloadPage(): ReloadPage {
	return inject(reloadPageKey, reloadWindow)
}

function reloadWindow(): void {
	window.location.reload()
}
