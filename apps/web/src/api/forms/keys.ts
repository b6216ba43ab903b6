// Query keys of the smart-forms calls (002 §7 "Smart forms"): templates (lists, one version, versions, preview),
// field types, forms (lists, one form, its history) and analytics. Mutations invalidate by these prefixes.
export const formKeys = {
  all: ['forms'] as const,
  templates: () => [...formKeys.all, 'templates'] as const,
  templateLists: () => [...formKeys.templates(), 'list'] as const,
  templateList: (params: object) => [...formKeys.templateLists(), params] as const,
  /** One template; `version` null for the current one. */
  template: (id: number, version: number | null = null) =>
    [...formKeys.templates(), 'one', id, version ?? 'current'] as const,
  versions: (id: number) => [...formKeys.templates(), 'versions', id] as const,
  preview: (id: number) => [...formKeys.templates(), 'preview', id] as const,
  fieldTypes: () => [...formKeys.all, 'field-types'] as const,
  instances: () => [...formKeys.all, 'instances'] as const,
  instanceLists: () => [...formKeys.instances(), 'list'] as const,
  instanceList: (params: object) => [...formKeys.instanceLists(), params] as const,
  instance: (id: number) => [...formKeys.instances(), 'one', id] as const,
  history: (id: number) => [...formKeys.instances(), 'history', id] as const,
  analytics: (params: object) => [...formKeys.all, 'analytics', params] as const,
};
