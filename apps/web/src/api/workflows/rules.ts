import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUTOMATION_PAGE_SIZE,
  type AutomationEvent,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationRuleList,
  type AutomationRunList,
  type AutomationTestResult,
  type AutomationTriggerType,
} from '@trust/domain';
import { apiRequest } from '../client.ts';
import { workflowKeys } from './keys.ts';

// Automation rules (002 §7 "Workflows and rules"): the paged list, changes, each rule's run log, the recent events
// a rule can be tested against, and the test itself (which does nothing).

const base = '/api/workflows/automation-rules';

export interface RuleListParams {
  page: number;
  programId?: number | null;
  status?: 'active' | 'inactive' | '';
}

/** GET /api/workflows/automation-rules (page, page_size, program_id, is_active). */
export function useAutomationRules(params: RuleListParams) {
  return useQuery({
    queryKey: workflowKeys.ruleList(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(params.page),
        page_size: String(AUTOMATION_PAGE_SIZE),
      });
      if (params.programId) query.set('program_id', String(params.programId));
      if (params.status) query.set('is_active', params.status === 'active' ? 'true' : 'false');
      return apiRequest<AutomationRuleList>(`${base}?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: workflowKeys.rules() });
}

/** POST, or PUT …/{id}. */
export function useSaveAutomationRule() {
  const onSuccess = useRefreshRules();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AutomationRuleBody }) =>
      apiRequest<AutomationRule>(id === null ? base : `${base}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess,
  });
}

/** DELETE …/{id}. */
export function useDeleteAutomationRule() {
  const onSuccess = useRefreshRules();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
}

/** GET …/{id}/runs: every evaluation of the rule, newest first. Off while `id` is null. */
export function useAutomationRuleRuns(id: number | null) {
  return useQuery({
    queryKey: workflowKeys.ruleRuns(id ?? 0),
    queryFn: ({ signal }) => apiRequest<AutomationRunList>(`${base}/${id}/runs?page_size=50`, { signal }),
    enabled: id !== null,
  });
}

/** GET …/recent-events?trigger_type=: events of the organization a rule of that trigger could be tested on. */
export function useRecentAutomationEvents(triggerType: AutomationTriggerType | null) {
  return useQuery({
    queryKey: workflowKeys.recentEvents({ triggerType }),
    queryFn: ({ signal }) =>
      apiRequest<{ events: AutomationEvent[] }>(`${base}/recent-events?trigger_type=${triggerType}`, {
        signal,
      }),
    enabled: triggerType !== null,
  });
}

/** POST …/{id}/test {event_id}: whether the rule would fire and what it would do; nothing is done. */
export function useTestAutomationRule() {
  return useMutation({
    mutationFn: ({ id, eventId }: { id: number; eventId: string }) =>
      apiRequest<AutomationTestResult>(`${base}/${id}/test`, { method: 'POST', body: { event_id: eventId } }),
  });
}
