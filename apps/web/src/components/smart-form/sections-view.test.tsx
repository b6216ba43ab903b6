import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormSection } from '@trust/domain';
import { useCallback, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INTAKE_SECTIONS } from '../../test/form-fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { FormSectionsView } from './sections-view.tsx';

// The shared renderer of the filler and the template preview (002 §2, §4, §9).

function Harness({
  sections = INTAKE_SECTIONS,
  initial = {},
  errors,
  readOnly,
  onAnswer,
}: {
  sections?: FormSection[];
  initial?: Record<string, unknown>;
  errors?: Record<string, string>;
  readOnly?: boolean;
  onAnswer?: (id: string, value: unknown) => void;
}) {
  const [answers, setAnswers] = useState(initial);
  const onChange = useCallback(
    (id: string, value: unknown) => {
      onAnswer?.(id, value);
      setAnswers((a) => ({ ...a, [id]: value }));
    },
    [onAnswer],
  );
  return (
    <FormSectionsView
      sections={sections}
      answers={answers}
      errors={errors}
      readOnly={readOnly}
      onChange={onChange}
      enrollmentId={12}
    />
  );
}

describe('FormSectionsView', { timeout: 30_000 }, () => {
  // jsdom has no canvas: the signature pad draws nothing here.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows a conditional field only while its condition is met, and hides it again', async () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByLabelText(/What puts the housing at risk/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'At risk' }));
    expect(await screen.findByRole('textbox', { name: /What puts the housing at risk/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Stable' }));
    expect(screen.queryByRole('textbox', { name: /What puts the housing at risk/ })).not.toBeInTheDocument();
  });

  it('gives each type its input: a number with its bounds, options as radios, checkboxes as a list', async () => {
    const onAnswer = vi.fn();
    const sections: FormSection[] = [
      {
        section_id: 's',
        title: 'Everything',
        collapsible: false,
        collapsed_by_default: false,
        fields: [
          {
            field_id: 'n',
            field_type: 'number',
            label: 'Visits',
            required: true,
            validation: { min: 2, max: 9, step: 1 },
          },
          { field_id: 'h', field_type: 'section_header', label: 'About the home', required: false },
          {
            field_id: 'c',
            field_type: 'checkbox',
            label: 'Programs used',
            required: false,
            options: ['SNAP', 'WIC', 'Food bank'],
          },
          { field_id: 's1', field_type: 'select', label: 'Best time', required: false, options: ['Morning'] },
          { field_id: 'd', field_type: 'date', label: 'Visit date', required: false },
          { field_id: 'f', field_type: 'file', label: 'Lease', required: false },
          { field_id: 'sig', field_type: 'signature', label: 'Member signature', required: false },
        ],
      },
    ];
    renderWithProviders(<Harness sections={sections} onAnswer={onAnswer} />);
    // A number is typed as text with the numeric keyboard; its answer is the number, kept as typed meanwhile.
    const visits = screen.getByRole('textbox', { name: /Visits/ });
    expect(visits).toHaveAttribute('inputmode', 'decimal');
    expect(visits).toHaveAttribute('aria-required', 'true');
    await userEvent.type(visits, '4.');
    expect(visits).toHaveValue('4.');
    expect(onAnswer).toHaveBeenLastCalledWith('n', 4);
    await userEvent.type(visits, '5');
    expect(onAnswer).toHaveBeenLastCalledWith('n', 4.5);
    await userEvent.clear(visits);
    expect(onAnswer).toHaveBeenLastCalledWith('n', null);
    await userEvent.type(visits, 'abc');
    expect(onAnswer).toHaveBeenLastCalledWith('n', 'abc');

    // A section header is a heading, not an input.
    expect(screen.getByRole('heading', { name: 'About the home' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'About the home' })).not.toBeInTheDocument();

    // Checkbox answers are the options chosen, in the options' order.
    const group = screen.getByRole('group', { name: 'Programs used' });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Food bank' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'SNAP' }));
    expect(onAnswer).toHaveBeenLastCalledWith('c', ['SNAP', 'Food bank']);

    expect(screen.getByRole('combobox', { name: 'Best time' })).toBeInTheDocument();
    expect(screen.getByLabelText('Visit date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Lease')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('img', { name: /Signature pad for Member signature/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Typed name for Member signature' })).toBeInTheDocument();
  });

  it("shows a field's error under it, tied to the input", () => {
    renderWithProviders(
      <Harness
        errors={{ field_size: 'People in the household must be at least 1' }}
        initial={{ field_size: 0 }}
      />,
    );
    const input = screen.getByRole('textbox', { name: /People in the household/ });
    const message = screen.getByText('People in the household must be at least 1');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('starts a section flagged collapsed by default collapsed, and opens it on demand', async () => {
    renderWithProviders(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Notes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Household' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('textbox', { name: 'Anything else' })).toBeVisible();
  });

  it('disables every input when read-only', () => {
    renderWithProviders(<Harness readOnly initial={{ field_size: 3, field_housing: 'Stable' }} />);
    expect(screen.getByRole('textbox', { name: /People in the household/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /People in the household/ })).toHaveValue('3');
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Stable' })).toBeChecked();
  });
});
