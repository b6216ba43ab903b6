import { type AnalyticsQuery, type AnalyticsScope, analyticsQuerySchema, type Me } from '@trust/domain';
import { useMemo, useState } from 'react';

/** Who may choose the whole network: platform operators (the server refuses it to anyone else). */
export function canSeeNetwork(user: Pick<Me, 'is_platform_operator'> | null): boolean {
  return user?.is_platform_operator === true;
}

export interface PeriodFilterValue {
  from: string;
  to: string;
  scope: AnalyticsScope;
}

/**
 * The period filter's state and what it asks: the query checked with the server's own schema
 * (`analyticsQuerySchema`, so a reversed or too long period is refused here with the server's words), or null
 * with the message of each field. Operators start on the whole network, everyone else on their organization (the
 * scope is then left to the server's default).
 */
export function usePeriodFilter(user: Pick<Me, 'is_platform_operator'> | null) {
  const operator = canSeeNetwork(user);
  const [value, setValue] = useState<PeriodFilterValue>({
    from: '',
    to: '',
    scope: operator ? 'network' : 'organization',
  });
  const checked = useMemo(() => {
    const parsed = analyticsQuerySchema.safeParse({
      from: value.from || undefined,
      to: value.to || undefined,
      scope: operator ? value.scope : undefined,
    });
    if (parsed.success) return { query: parsed.data as AnalyticsQuery, fields: {} as Record<string, string> };
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return { query: null, fields };
  }, [value, operator]);
  return { value, setValue, operator, ...checked };
}
