// Query keys of the programs calls: the lists (by filters and page), one program, a program's billing activities.
export const programKeys = {
  all: ['programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (params: object) => [...programKeys.lists(), params] as const,
  detail: (id: number) => [...programKeys.all, 'detail', id] as const,
  billing: (programId: number) => [...programKeys.all, 'billing', programId] as const,
};
