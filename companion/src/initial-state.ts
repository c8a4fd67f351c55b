// The values the PHP settings pages hand to the Vue pages as initial state.
import { loadState } from '@nextcloud/initial-state'
import type { AdminSettingsState } from './api/admin-settings'

/** The personal page's initial state (`personal-settings`). */
export interface PersonalSettingsState {
	user_id: string
	security_settings_url: string
	server_configured: boolean
	/** Whether the admin configured the OAuth client and the server address, so the user can sign in. */
	oauth_available: boolean
	/** Whether the knowledge sync can use an OAuth refresh token, and if not, why (translated by the server). */
	refresh_token_option: { available: boolean; reason: string }
}

/** A missing `oauth_available` reads as false, a missing `refresh_token_option` as unavailable without a reason. */
export function loadPersonalSettings(): PersonalSettingsState {
	const state = loadState<PersonalSettingsState>('mcp_companion', 'personal-settings')
	const option = state.refresh_token_option
	return {
		...state,
		oauth_available: state.oauth_available === true,
		refresh_token_option: {
			available: option?.available === true,
			reason: typeof option?.reason === 'string' ? option.reason : '',
		},
	}
}

/** A missing `oauth_client_secret_set` reads as false, a missing `legacy_system_keys` as none. */
export function loadAdminSettings(): AdminSettingsState {
	const state = loadState<AdminSettingsState>('mcp_companion', 'admin-settings')
	return {
		...state,
		oauth_client_secret_set: state.oauth_client_secret_set === true,
		legacy_system_keys: Array.isArray(state.legacy_system_keys) ? state.legacy_system_keys : [],
	}
}
