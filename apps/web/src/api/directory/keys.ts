// Query keys of the provider directory (001 §7 "Provider directory API").
export const directoryKeys = {
  all: ['directory'] as const,
  provider: (id: number) => [...directoryKeys.all, 'provider', id] as const,
  services: () => [...directoryKeys.all, 'services'] as const,
};
