// Query keys of the member registry, its custom fields and field mappings (002 §7 "Members, fields, mappings").
export const memberKeys = {
  all: ['members'] as const,
  list: (page: number, pageSize: number, search: string) =>
    [...memberKeys.all, 'list', { page, pageSize, search }] as const,
  one: (id: number) => [...memberKeys.all, 'one', id] as const,
};

export const customFieldKeys = {
  all: ['custom-fields'] as const,
  list: (category: string) => [...customFieldKeys.all, 'list', category] as const,
  categories: () => [...customFieldKeys.all, 'categories'] as const,
  mappings: (dbColumn: string) => [...customFieldKeys.all, 'mappings', dbColumn] as const,
};
