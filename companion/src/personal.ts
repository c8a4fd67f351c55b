// Entry of the personal settings page: mounts the knowledge sync settings into the PHP template's element.
import { createApp } from 'vue'
import PersonalSettings from './components/personal/PersonalSettings.vue'

createApp(PersonalSettings).mount('#mcp_companion-personal')
