import { Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type FormSection, visibleParts } from '@trust/domain';
import { type FormEvent, type JSX, memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type FieldChange, FieldInput } from './field-input.tsx';
import classes from './smart-form.module.css';

/** The User Timing names of the renderer's first render (read by `npm run bench:forms`, issue #16). */
export const RENDER_MARK = 'smart-form:render-start';
export const RENDER_MEASURE = 'smart-form:render';

const ignore: FieldChange = () => {};
const preventSubmit = (event: FormEvent) => event.preventDefault();
const NO_ERRORS: Record<string, string> = {};

/**
 * Marks the first render of a form with its template and answers, and measures to the frame after its commit
 * (React's work, style and layout; the benchmark reads it). Once per mounted form.
 */
function useRenderTiming() {
  const started = useRef(false);
  if (!started.current && typeof performance !== 'undefined' && performance.mark) {
    started.current = true;
    performance.mark(RENDER_MARK);
  }
  useEffect(() => {
    if (typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        try {
          performance.measure(RENDER_MEASURE, RENDER_MARK);
        } catch {
          // A browser without User Timing, or the mark was cleared: nothing to report.
        }
      }, 0);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
}

/**
 * A form's sections and fields as the filler and the template preview show them (002 §2, §4, §9): only the
 * sections and fields whose conditions the answers meet (`visibleParts`, the rule the server applies), each
 * field as the input of its type with its label, required marker, description and error; collapsible
 * sections, those flagged collapsed by default starting collapsed. `readOnly` disables every input.
 *
 * Fast on big forms (issue #16: 200 fields render in ≤ 300 ms, a keystroke in ≤ 16 ms): each field is memoized
 * on its own value, error and visibility, so an answer re-renders its field and the sections, not every field.
 * Keep `onChange` stable (useCallback) for that to hold.
 */
export function FormSectionsView(props: {
  sections: FormSection[];
  answers: Record<string, unknown>;
  errors?: Record<string, string>;
  readOnly?: boolean;
  onChange?: (fieldId: string, value: unknown) => void;
  enrollmentId?: number | null;
}): JSX.Element {
  const { sections, answers, errors = NO_ERRORS, readOnly = false, onChange = ignore } = props;
  const enrollmentId = props.enrollmentId ?? null;
  useRenderTiming();
  const template = useMemo(() => ({ sections }), [sections]);
  const visible = useMemo(() => visibleParts(template, answers), [template, answers]);
  const shown = sections.filter((s) => visible.sections.has(s.section_id));

  if (shown.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        This form has no sections to show.
      </Text>
    );
  }
  return (
    <Stack gap="md" className={readOnly ? classes.readOnly : undefined}>
      {shown.map((section) => (
        <SectionView
          key={section.section_id}
          section={section}
          answers={answers}
          errors={errors}
          visibleFields={visible.fields}
          readOnly={readOnly}
          onChange={onChange}
          enrollmentId={enrollmentId}
        />
      ))}
    </Stack>
  );
}

type SectionProps = {
  section: FormSection;
  answers: Record<string, unknown>;
  errors: Record<string, string>;
  visibleFields: Set<string>;
  readOnly: boolean;
  onChange: FieldChange;
  enrollmentId: number | null;
};

/**
 * A section re-renders only when something of its own changed: an answer, error or visibility of one of its
 * fields. `answers`, `errors` and `visibleFields` are new objects on every keystroke; comparing them whole
 * would re-render every section (and its Mantine frame) for an answer in one.
 */
function sameSection(prev: SectionProps, next: SectionProps): boolean {
  if (
    prev.section !== next.section ||
    prev.readOnly !== next.readOnly ||
    prev.onChange !== next.onChange ||
    prev.enrollmentId !== next.enrollmentId
  ) {
    return false;
  }
  for (const field of next.section.fields) {
    const id = field.field_id;
    if (prev.answers[id] !== next.answers[id]) return false;
    if (prev.errors[id] !== next.errors[id]) return false;
    if (prev.visibleFields.has(id) !== next.visibleFields.has(id)) return false;
  }
  return true;
}

/** One section: its heading (a toggle when collapsible) and its shown fields. */
const SectionView = memo(function SectionView({
  section,
  answers,
  errors,
  visibleFields,
  readOnly,
  onChange,
  enrollmentId,
}: SectionProps) {
  const bodyId = useId();
  const collapsible = section.collapsible !== false;
  const [open, setOpen] = useState(!(collapsible && section.collapsed_by_default));
  const fields = section.fields.filter((f) => visibleFields.has(f.field_id));
  const errorCount = fields.reduce((n, f) => n + (errors[f.field_id] ? 1 : 0), 0);
  // A submission refused for a field of a collapsed section opens it, so the message is seen.
  useEffect(() => {
    if (errorCount > 0) setOpen(true);
  }, [errorCount]);

  // Each section is its own <form> (never submitted): Chromium's autofill re-reads every field of the form a
  // typed-in field belongs to after each keystroke, and fields outside any form count as one form of the whole
  // page, so on a 200-field form it would walk 200 fields per key instead of one section's.
  const body = (
    <form noValidate onSubmit={preventSubmit}>
      <Stack gap="sm" pt="sm">
        {section.description && (
          <Text size="sm" c="dimmed">
            {section.description}
          </Text>
        )}
        {fields.map((field) => (
          <FieldInput
            key={field.field_id}
            field={field}
            value={answers[field.field_id]}
            error={errors[field.field_id]}
            readOnly={readOnly}
            onChange={onChange}
            enrollmentId={enrollmentId}
          />
        ))}
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No questions to answer here.
          </Text>
        )}
      </Stack>
    </form>
  );

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`${bodyId}-title`}
      className={classes.section}
    >
      {collapsible ? (
        <Title order={3} size="h4" id={`${bodyId}-title`}>
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={bodyId}
            w="100%"
          >
            <Group gap="xs" wrap="nowrap">
              {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
              <span>{section.title}</span>
              {!open && errorCount > 0 && (
                <Text span c="red" size="sm" fw={500}>
                  ({errorCount} to fix)
                </Text>
              )}
            </Group>
          </UnstyledButton>
        </Title>
      ) : (
        <Title order={3} size="h4" id={`${bodyId}-title`}>
          {section.title}
        </Title>
      )}
      {collapsible ? (
        <Collapse expanded={open} id={bodyId}>
          {body}
        </Collapse>
      ) : (
        body
      )}
    </Paper>
  );
}, sameSection);
