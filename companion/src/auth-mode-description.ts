// The MCP server's auth mode in an administrator's words, instead of its setting value (`multi_user_basic`, …).
import { t } from '@nextcloud/l10n'
import type { SidecarStatus } from './api/admin-settings'

/** A status with `discovery_url` signs users in through Nextcloud (oauth, or hybrid: multi_user_basic with it). */
export function describeAuthMode(status: Pick<SidecarStatus, 'auth_mode' | 'discovery_url'>): string {
	const signsInThroughNextcloud = typeof status.discovery_url === 'string' && status.discovery_url !== ''
	switch (status.auth_mode) {
		case 'basic':
			return t('mcp_companion', 'Everyone shares one Nextcloud account')
		case 'multi_user_basic':
			return signsInThroughNextcloud
				? t('mcp_companion', 'Each user with their own account: signing in through Nextcloud or an app password')
				: t('mcp_companion', 'Each user with their own account, using an app password')
		case 'oauth':
			return t('mcp_companion', 'Each user signs in through Nextcloud')
		case 'smithery':
			return t('mcp_companion', 'Hosted on Smithery')
		default:
			return status.auth_mode
	}
}
