// The companion UI's one logger, tagged with the app id so messages are easy to find in the browser console.
import { getLoggerBuilder } from '@nextcloud/logger'

export const logger = getLoggerBuilder().setApp('mcp_companion').detectUser().build()
