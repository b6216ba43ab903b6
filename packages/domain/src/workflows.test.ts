import { describe, expect, it } from 'vitest';
import { checkRule } from './automation.ts';
import { evaluateJsonLogic, isJsonLogicExpression } from './json-logic.ts';
import {
  canMoveWorkflowInstance,
  cronNextRuns,
  parseStepConfig,
  parseTriggerConfig,
  personStatusesFrom,
  stepJumpTarget,
  workflowDuration,
  workflowProgress,
} from './workflows.ts';

// 002 §2, §4, §5, §9 and issue #17: the rules the designer, the instances screen and the server share.

describe('instances', () => {
  it('shows progress as the current step order × 20 %, capped at 100, and 100 once completed', () => {
    expect(workflowProgress(0)).toBe(0);
    expect(workflowProgress(2)).toBe(40);
    expect(workflowProgress(7)).toBe(100);
    expect(workflowProgress(3, 'completed')).toBe(100);
  });

  it('shows the duration in days, hours and minutes, to now while running', () => {
    const start = '2026-11-01T10:00:00Z';
    expect(workflowDuration(start, '2026-11-01T10:07:30Z')).toBe('7m');
    expect(workflowDuration(start, '2026-11-01T14:12:00Z')).toBe('4h 12m');
    expect(workflowDuration(start, '2026-11-03T13:00:00Z')).toBe('2d 3h');
    expect(workflowDuration(start, null, new Date('2026-11-01T10:01:00Z'))).toBe('1m');
  });

  it('lets people pause, resume and cancel as 002 §4 says, and only the engine complete or fail', () => {
    expect(personStatusesFrom('running').sort()).toEqual(['cancelled', 'paused']);
    expect(personStatusesFrom('paused')).toEqual(['running']);
    expect(personStatusesFrom('completed')).toEqual([]);
    expect(canMoveWorkflowInstance('running', 'completed', 'person')).toBe(false);
    expect(canMoveWorkflowInstance('running', 'completed', 'engine')).toBe(true);
    expect(canMoveWorkflowInstance('paused', 'cancelled', 'person')).toBe(false);
  });
});

describe('step and trigger configuration', () => {
  it('fills each step type’s defaults and names the field of a bad one', () => {
    expect(parseStepConfig('task', {})).toEqual({ ok: true, config: { assignee: 'case_manager' } });
    expect(parseStepConfig('api_call', { url: 'https://example.org/hook' })).toEqual({
      ok: true,
      config: {
        method: 'POST',
        url: 'https://example.org/hook',
        headers: {},
        timeout_seconds: 10,
        retries: 2,
      },
    });
    const unit = parseStepConfig('wait', { mode: 'duration', duration: 2, unit: 'weeks' });
    expect(unit.ok ? [] : Object.keys(unit.fields)).toEqual(['step_config.unit']);
    const missing = parseStepConfig('wait', { mode: 'duration' });
    expect(missing.ok ? {} : missing.fields).toEqual({ 'step_config.duration': 'Enter the duration.' });
  });

  it('knows which step a branch goes to', () => {
    expect(stepJumpTarget('condition', { on_false: 'go_to', false_step_order: 4 })).toBe(4);
    expect(stepJumpTarget('condition', { on_false: 'end' })).toBeNull();
    expect(stepJumpTarget('approval', { on_reject: 'go_to', reject_step_order: 1 })).toBe(1);
  });

  it('checks cron expressions and lists their next runs in UTC', () => {
    const runs = cronNextRuns('30 9 * * 1', 3, new Date('2026-11-25T00:00:00Z'));
    expect(runs.ok && runs.runs.map((d) => d.toISOString())).toEqual([
      '2026-11-30T09:30:00.000Z',
      '2026-12-07T09:30:00.000Z',
      '2026-12-14T09:30:00.000Z',
    ]);
    expect(cronNextRuns('* * *').ok).toBe(false);
    expect(cronNextRuns('99 * * * *').ok).toBe(false);
    expect(parseTriggerConfig('time_based', {}).ok).toBe(false);
    expect(parseTriggerConfig('enrollment_status_changed', { to_status: 'active' }).ok).toBe(true);
  });
});

describe('JSON Logic', () => {
  it('evaluates over step outputs and never throws', () => {
    const reached = { '==': [{ var: 'steps.1.outcome' }, 'reached'] };
    expect(evaluateJsonLogic(reached, { steps: { 1: { outcome: 'reached' } } })).toBe(true);
    expect(evaluateJsonLogic(reached, {})).toBe(false);
    expect(evaluateJsonLogic({ nope: [1] }, {})).toBe(false);
    expect(isJsonLogicExpression({ and: [true] })).toBe(true);
    expect(isJsonLogicExpression({ log: 'x' })).toBe(false);
  });

  it('has no `log` operation at any depth (it would print PHI)', () => {
    expect(evaluateJsonLogic({ and: [{ log: { var: 'member' } }] }, { member: 'Ana' })).toBe(false);
  });
});

describe('automation rules', () => {
  it('accepts known conditions and checked actions, and names each bad part', () => {
    expect(
      checkRule({
        trigger_type: 'enrollment_status_changed',
        trigger_conditions: { to_status: 'on_hold', expression: '{"==":[1,1]}' },
        actions: [{ type: 'create_activity', config: { activity_type: 'follow_up' } }],
      }),
    ).toEqual({
      ok: true,
      actions: [
        {
          type: 'create_activity',
          config: { activity_type: 'follow_up', status: 'scheduled', days_from_now: 0 },
        },
      ],
    });
    const bad = checkRule({
      trigger_type: 'document_uploaded',
      trigger_conditions: { to_status: 'active', priority_level: 'extreme' },
      actions: [{ type: 'send_notification', config: { recipient: 'role', title: 'T', message: 'M' } }],
    });
    expect(bad.ok).toBe(false);
    expect(Object.keys((bad as { fields: Record<string, string> }).fields).sort()).toEqual([
      'actions.0.config.role',
      'trigger_conditions.priority_level',
      'trigger_conditions.to_status',
    ]);
  });
});
