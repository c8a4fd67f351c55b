// The values the PHP settings pages hand to the Vue pages as initial state.
import { loadState } from '@nextcloud/initial-state'
import type { AdminSettingsState } from './api/admin-settings'

/** The personal page's initial state (`personal-settings`). */
export interface PersonalSettingsState {
	user_id: string
	security_settings_url: string
	server_configured: boolean
}

export function loadPersonalSettings(): PersonalSettingsState {
	return loadState<PersonalSettingsState>('mcp_companion', 'personal-settings')
}

export function loadAdminSettings(): AdminSettingsState {
	return loadState<AdminSettingsState>('mcp_companion', 'admin-settings')
}
