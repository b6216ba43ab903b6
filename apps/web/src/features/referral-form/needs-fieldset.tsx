import { Checkbox, Fieldset, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  OTHER_NEEDS,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
} from '@trust/domain';
import type { SectionProps } from './form-section.tsx';
import { FIELD_LABELS, inputId, toggleNeed, toggleSubcategory } from './form-values.ts';

const ERROR_ID = 'referral-sdoh_needs-error';

/**
 * 000 §2.1, §9 social needs: Housing Assistance and Transportation each with their subcategories, then the
 * other needs. At least one is required (000 §5.1); the message shows in red under the group and goes away
 * once something is ticked.
 */
export function NeedsFieldset({ values, errors, set, disabled }: SectionProps) {
  const error = errors.sdoh_needs;
  const needs = {
    sdoh_needs: values.sdoh_needs,
    housing_subcategories: values.housing_subcategories,
    transportation_subcategories: values.transportation_subcategories,
  };
  const apply = (next: typeof needs) => {
    set('sdoh_needs', next.sdoh_needs);
    set('housing_subcategories', next.housing_subcategories);
    set('transportation_subcategories', next.transportation_subcategories);
  };
  const described = error ? ERROR_ID : undefined;
  // Needs of older referrals that are no longer options stay visible, so they can be unticked.
  const known = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS] as string[];
  const others = [...OTHER_NEEDS, ...values.sdoh_needs.filter((n) => !known.includes(n))];

  const parent = (need: string, subcategories: readonly string[], kind: 'housing' | 'transportation') => {
    const key = kind === 'housing' ? 'housing_subcategories' : 'transportation_subcategories';
    return (
      <Stack gap={6}>
        <Checkbox
          id={need === HOUSING_NEED ? inputId('sdoh_needs') : undefined}
          label={need}
          checked={values.sdoh_needs.includes(need)}
          onChange={(e) => apply(toggleNeed(needs, need, e.currentTarget.checked))}
          disabled={disabled}
          aria-describedby={described}
          fw={500}
        />
        <Stack gap={6} pl="xl" role="group" aria-label={`${need} subcategories`}>
          {subcategories.map((sub) => (
            <Checkbox
              key={sub}
              size="sm"
              label={sub}
              checked={values[key].includes(sub)}
              onChange={(e) =>
                apply(toggleSubcategory(needs, kind, sub, e.currentTarget.checked, subcategories))
              }
              disabled={disabled}
              aria-describedby={described}
            />
          ))}
        </Stack>
      </Stack>
    );
  };

  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Input.Label required component="span">
          {FIELD_LABELS.sdoh_needs}
        </Input.Label>
      }
    >
      <Stack gap="sm" mt={4}>
        <Text size="xs" c="dimmed">
          Tick at least one need. A subcategory ticks its need too; unticking a need clears its subcategories.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {parent(HOUSING_NEED, HOUSING_SUBCATEGORIES, 'housing')}
          {parent(TRANSPORTATION_NEED, TRANSPORTATION_SUBCATEGORIES, 'transportation')}
        </SimpleGrid>
        <Text size="sm" fw={500} mt="xs">
          Other needs
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
          {others.map((need) => (
            <Checkbox
              key={need}
              label={need}
              checked={values.sdoh_needs.includes(need)}
              onChange={(e) => apply(toggleNeed(needs, need, e.currentTarget.checked))}
              disabled={disabled}
              aria-describedby={described}
            />
          ))}
        </SimpleGrid>
        {error && <Input.Error id={ERROR_ID}>{error}</Input.Error>}
      </Stack>
    </Fieldset>
  );
}
