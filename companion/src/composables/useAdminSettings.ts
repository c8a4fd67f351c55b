// The admin form's fields and saving them; the API key and client secret stay unchanged unless typed in or cleared.
import { computed, ref } from 'vue'
import { saveAdminSettings, type AdminSettingsState, type SaveAdminSettingsResult } from '../api/admin-settings'
import { logger } from '../logger'
import { useAsyncState } from './useAsyncState'

export function useAdminSettings(initial: AdminSettingsState) {
	const serverUrl = ref(initial.server_url)
	const apiKey = ref('')
	const clearApiKey = ref(false)
	const oauthClientId = ref(initial.oauth_client_id)
	const oauthClientSecret = ref('')
	const clearOauthClientSecret = ref(false)
	const oauthClientSecretSet = ref(initial.oauth_client_secret_set)
	const apiKeySet = ref(initial.api_key_set)
	const savedOauthClientId = ref(initial.oauth_client_id)
	const {
		state: lastSave,
		busy: saving,
		error,
		run,
	} = useAsyncState<SaveAdminSettingsResult>({
		logFailure: (failure) => logger.warn('Could not save the admin settings', { error: failure }),
		clearResult: 'on-start',
	})

	const apiKeyToSend = computed(() => (clearApiKey.value ? '' : apiKey.value || null))
	const oauthClientSecretToSend = computed(() => (clearOauthClientSecret.value ? '' : oauthClientSecret.value || null))
	const isClientIdMissing = computed(() => savedOauthClientId.value.trim() === '')
	const saved = computed(() => lastSave.value !== null)

	async function save(): Promise<void> {
		const secretSent = oauthClientSecretToSend.value
		await run(async () => {
			const result = await saveAdminSettings({
				serverUrl: serverUrl.value.trim(),
				apiKey: apiKeyToSend.value,
				oauthClientId: oauthClientId.value.trim(),
				oauthClientSecret: secretSent,
			})
			apiKeySet.value = result.settings.api_key_set
			savedOauthClientId.value = result.settings.oauth_client_id
			oauthClientSecretSet.value =
				result.settings.oauth_client_secret_set ?? isSecretSetAfterSending(secretSent, oauthClientSecretSet.value)
			apiKey.value = ''
			clearApiKey.value = false
			oauthClientSecret.value = ''
			clearOauthClientSecret.value = false
			return result
		})
	}

	return {
		serverUrl,
		apiKey,
		/** What saving (or testing) sends as the API key: null keeps the stored one, '' removes it. */
		apiKeyToSend,
		clearApiKey,
		oauthClientId,
		oauthClientSecret,
		clearOauthClientSecret,
		apiKeySet,
		oauthClientSecretSet,
		isClientIdMissing,
		saving,
		saved,
		error,
		save,
	}
}

/** What the save did to the stored secret, for an answer that does not say (null left it as it was). */
function isSecretSetAfterSending(sent: string | null, wasSet: boolean): boolean {
	return sent === null ? wasSet : sent !== ''
}
