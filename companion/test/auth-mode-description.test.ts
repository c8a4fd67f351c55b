// The admin page words the MCP server's auth mode for a person, never as its setting value.
import { describe, expect, it } from 'vitest'
import hybridStatus from '../../test/contract/sidecar-status-hybrid.json'
import basicStatus from '../../test/contract/sidecar-status.json'
import { describeAuthMode } from '../src/auth-mode-description'

describe('auth mode in words', () => {
	it.each([
		['basic', basicStatus, 'Everyone shares one Nextcloud account'],
		[
			'multi_user_basic with sign-in through Nextcloud (hybrid)',
			hybridStatus,
			'Each user with their own account: signing in through Nextcloud or an app password',
		],
		[
			'multi_user_basic alone',
			{ auth_mode: 'multi_user_basic' },
			'Each user with their own account, using an app password',
		],
		[
			'oauth',
			{ auth_mode: 'oauth', discovery_url: hybridStatus.discovery_url },
			'Each user signs in through Nextcloud',
		],
		['smithery', { auth_mode: 'smithery' }, 'Hosted on Smithery'],
	])('says %s in words', (_case, status, words) => {
		expect(describeAuthMode(status)).toBe(words)
	})

	it('shows a mode it does not know as the server names it', () => {
		expect(describeAuthMode({ auth_mode: 'future_mode' })).toBe('future_mode')
	})
})
