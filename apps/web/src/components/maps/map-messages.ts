/** What a map says when Leaflet could not start (the provider directory's map and the service gaps' map). */
export const MAP_MESSAGES = { title: 'Map Error', initFailed: 'Failed to initialize map' } as const;
