// Query keys of a provider's communication methods (001 §7 "Communication methods").
export const communicationMethodKeys = {
  all: ['communication-methods'] as const,
  ofProvider: (providerId: number) => [...communicationMethodKeys.all, 'provider', providerId] as const,
};
