// Entry of the error page: mounts the page (inside Nextcloud's app layout) into the PHP template's element.
import { createApp } from 'vue'
import ErrorPage from './components/error/ErrorPage.vue'

createApp(ErrorPage).mount('#mcp_companion-error')
