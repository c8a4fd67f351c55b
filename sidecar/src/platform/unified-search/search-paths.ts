// URL paths of Nextcloud's unified search (OCS): the provider list and one provider's search, segments encoded.
import { pathSegment } from '../urls.js';

const PROVIDERS = '/ocs/v2.php/search/providers';

export const searchPaths = {
  providers: () => PROVIDERS,
  providerSearch: (providerId: string) => `${PROVIDERS}/${pathSegment(providerId)}/search`,
} as const;
