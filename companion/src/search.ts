// Entry of the knowledge search page: mounts the search into the PHP template's element.
import { createApp } from 'vue'
import SearchPage from './components/search/SearchPage.vue'

createApp(SearchPage).mount('#mcp_companion-search')
