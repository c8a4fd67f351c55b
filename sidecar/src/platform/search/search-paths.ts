// URL paths of Nextcloud's unified search (OCS): the provider list and one provider's search, segments encoded.
const PROVIDERS = '/ocs/v2.php/search/providers';

export const searchPaths = {
  providers: () => PROVIDERS,
  providerSearch: (providerId: string) => `${PROVIDERS}/${encodeURIComponent(providerId)}/search`,
} as const;
