// The companion words every scope of the MCP server's authorization server as the server's consent page does.
import { describe, expect, it } from 'vitest'
import { SCOPE_CATALOGUE } from '../../sidecar/src/auth/scope-catalogue'
import { describeScope, SCOPE_DESCRIPTIONS } from '../src/scope-descriptions'

describe('scope descriptions', () => {
	it('has a sentence for exactly the scopes the MCP server grants, the same as its consent page', () => {
		const ours = Object.keys(SCOPE_DESCRIPTIONS).map((scope) => [scope, describeScope(scope)])

		expect(ours).toEqual(SCOPE_CATALOGUE.map((entry) => [entry.scope, entry.description.replace("'s", '’s')]))
	})

	it('shows a scope it does not know as it is', () => {
		expect(describeScope('maps:read')).toBe('maps:read')
	})
})
