// Query keys of the active organization's API clients (issue #21). The list belongs to the organization the
// session acts for, so a change of organization refetches it (the client sends X-CBO-ID).
export const apiClientsKeys = {
  all: ['api-clients'] as const,
  list: () => [...apiClientsKeys.all, 'list'] as const,
};
