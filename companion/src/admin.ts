// Entry of the admin settings page: mounts the MCP server settings into the PHP template's element.
import { createApp } from 'vue'
import AdminSettings from './components/admin/AdminSettings.vue'

createApp(AdminSettings).mount('#mcp_companion-admin')
