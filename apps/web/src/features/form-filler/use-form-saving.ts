import { useQueryClient } from '@tanstack/react-query';
import { FORM_AUTO_SAVE_MS, type FormInstance } from '@trust/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { saveFormInstance, saveFormInstanceOnExit, useFormSaved } from '../../api/forms/instances.ts';
import { formKeys } from '../../api/forms/keys.ts';

export type SaveOutcome =
  | { ok: true; instance: FormInstance }
  /** Someone saved since this form was loaded: their answers are loaded now, and `message` says so. */
  | { ok: false; stale: true; message: string }
  | { ok: false; stale: false; error: unknown };

function isFormInstance(value: unknown): value is FormInstance {
  return (
    typeof value === 'object' &&
    value !== null &&
    'field_data' in value &&
    'revision' in value &&
    typeof (value as FormInstance).revision === 'number'
  );
}

/**
 * The answers being filled and how they reach the server (002 §4; issue #16 "a filler that never loses work"):
 * - any edit sets the unsaved flag and clears that field's error;
 * - saves run one after another, each with the revision the last one returned, so the server can refuse one
 *   made over another person's save (409 form_instance.stale): then their answers are loaded, never silently
 *   overwritten, and the message says who saved when;
 * - auto-save every FORM_AUTO_SAVE_MS while there are unsaved changes and `autoSave` is on (failures silent,
 *   retried on the next tick);
 * - and a last save when the page is hidden or left (a keepalive request), while auto-save is on.
 */
export function useFormSaving(instance: FormInstance, options: { editable: boolean; autoSave: boolean }) {
  const id = instance.id;
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => ({ ...instance.field_data }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const onSaved = useFormSaved();
  const queryClient = useQueryClient();

  // What the timers and page-leave handlers read between renders.
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const editableRef = useRef(options.editable);
  editableRef.current = options.editable;
  const autoSaveRef = useRef(options.autoSave);
  autoSaveRef.current = options.autoSave;
  const revision = useRef(instance.revision);
  /** Counts edits, so a save that answers after a newer edit leaves the unsaved flag on. */
  const edits = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const exitSavedEdits = useRef(-1);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  // Once the form is no longer a draft (submitted here, or found so on a save), it shows what was stored.
  const latestInstance = useRef(instance);
  latestInstance.current = instance;
  const status = instance.status;
  useEffect(() => {
    if (status === 'draft') return;
    setAnswers({ ...latestInstance.current.field_data });
    setDirty(false);
  }, [status]);

  const onChange = useCallback((fieldId: string, value: unknown) => {
    edits.current += 1;
    setAnswers((prev) => ({ ...prev, [fieldId]: value }));
    setDirty(true);
    setErrors((prev) => {
      if (!(fieldId in prev)) return prev;
      const { [fieldId]: _cleared, ...rest } = prev;
      return rest;
    });
  }, []);

  /** Another save (an assignment) moved the revision on. */
  const adoptRevision = useCallback((saved: FormInstance) => {
    revision.current = saved.revision;
  }, []);

  const runSave = useCallback(
    async (status: 'draft' | 'submitted'): Promise<SaveOutcome> => {
      const editsAtStart = edits.current;
      const fieldData = answersRef.current;
      setSaving(true);
      try {
        const saved = await saveFormInstance(id, {
          field_data: fieldData,
          status,
          revision: revision.current,
        });
        revision.current = saved.revision;
        onSavedRef.current(saved);
        if (edits.current === editsAtStart) setDirty(false);
        setStaleMessage(null);
        return { ok: true, instance: saved };
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status === 409 &&
          error.reason === 'form_instance.stale' &&
          isFormInstance(error.current)
        ) {
          // Their answers replace ours on screen: nothing they saved is erased by a later save of ours.
          const current = error.current;
          revision.current = current.revision;
          edits.current += 1;
          setAnswers({ ...current.field_data });
          setErrors({});
          setDirty(false);
          onSavedRef.current(current);
          const message = error.detail ?? 'Someone else saved this form since you opened it.';
          setStaleMessage(message);
          return { ok: false, stale: true, message };
        }
        if (error instanceof ApiError && error.reason === 'form_instance.not_editable') {
          // Submitted meanwhile (by someone else, or in another tab): read it again, read-only now.
          void queryClient.invalidateQueries({ queryKey: formKeys.instance(id) });
        }
        return { ok: false, stale: false, error };
      } finally {
        setSaving(false);
      }
    },
    [id, queryClient],
  );

  /** Queues a save after any in flight, so each carries the revision the one before returned. */
  const save = useCallback(
    (status: 'draft' | 'submitted'): Promise<SaveOutcome> => {
      const next = queue.current.then(() => runSave(status));
      queue.current = next.catch(() => undefined);
      return next;
    },
    [runSave],
  );

  // Auto-save (002 §4): every 30 seconds, only with unsaved changes on an editable draft; failures are silent
  // and the next tick tries again.
  useEffect(() => {
    if (!options.autoSave || !options.editable) return;
    const timer = setInterval(() => {
      if (dirtyRef.current && editableRef.current) void save('draft');
    }, FORM_AUTO_SAVE_MS);
    return () => clearInterval(timer);
  }, [options.autoSave, options.editable, save]);

  // Leaving the page: hidden (another tab, the app closed on a phone), closed, or another screen of the app.
  useEffect(() => {
    const saveOnExit = () => {
      if (!dirtyRef.current || !editableRef.current || !autoSaveRef.current) return;
      // Hidden and then closed fires twice for the same answers: one save is enough.
      if (exitSavedEdits.current === edits.current) return;
      exitSavedEdits.current = edits.current;
      const editsAtStart = edits.current;
      const fieldData = answersRef.current;
      const next = queue.current.then(async () => {
        const saved = await saveFormInstanceOnExit(id, {
          field_data: fieldData,
          status: 'draft',
          revision: revision.current,
        });
        if (!saved) return;
        revision.current = saved.revision;
        onSavedRef.current(saved);
        if (edits.current === editsAtStart) setDirty(false);
      });
      queue.current = next.catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveOnExit();
    };
    // Auto-save off: the changes are the user's to save, so the browser asks before the page goes.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current && editableRef.current && !autoSaveRef.current) event.preventDefault();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', saveOnExit);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', saveOnExit);
      window.removeEventListener('beforeunload', onBeforeUnload);
      saveOnExit();
    };
  }, [id]);

  /** The answers as they are now, for handlers that should not change with every keystroke. */
  const getAnswers = useCallback(() => answersRef.current, []);
  const dismissStale = useCallback(() => setStaleMessage(null), []);

  return {
    answers,
    getAnswers,
    errors,
    setErrors,
    dirty,
    saving,
    staleMessage,
    dismissStale,
    onChange,
    save,
    adoptRevision,
  };
}
