// Query keys of the workflow calls (002 §7 "Workflows and rules"): templates (lists, one), a template's steps,
// instances (lists, one, its executions), tasks, cron previews and automation rules (lists, runs, recent events).
// Mutations invalidate by these prefixes.
export const workflowKeys = {
  all: ['workflows'] as const,
  templates: () => [...workflowKeys.all, 'templates'] as const,
  templateList: (params: object) => [...workflowKeys.templates(), 'list', params] as const,
  template: (id: number) => [...workflowKeys.templates(), 'one', id] as const,
  steps: (templateId: number) => [...workflowKeys.templates(), 'steps', templateId] as const,
  instances: () => [...workflowKeys.all, 'instances'] as const,
  instanceList: (params: object) => [...workflowKeys.instances(), 'list', params] as const,
  instance: (id: number) => [...workflowKeys.instances(), 'one', id] as const,
  executions: (id: number) => [...workflowKeys.instances(), 'executions', id] as const,
  tasks: () => [...workflowKeys.all, 'tasks'] as const,
  taskList: (params: object) => [...workflowKeys.tasks(), 'list', params] as const,
  cronPreview: (expression: string) => [...workflowKeys.all, 'cron-preview', expression] as const,
  rules: () => [...workflowKeys.all, 'rules'] as const,
  ruleList: (params: object) => [...workflowKeys.rules(), 'list', params] as const,
  rule: (id: number) => [...workflowKeys.rules(), 'one', id] as const,
  ruleRuns: (id: number) => [...workflowKeys.rules(), 'runs', id] as const,
  recentEvents: (params: object) => [...workflowKeys.rules(), 'recent-events', params] as const,
};
