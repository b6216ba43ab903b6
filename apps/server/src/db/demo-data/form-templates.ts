import type { FormTemplateBodyInput } from '@trust/domain';

// The demo form templates (issue #16 item 6): one of every form type, written for this product. The SDOH
// screening follows the structure public social-needs screeners share (housing, food, transportation, utilities,
// safety, then the member's own priorities) in our own words; none of a published screener's wording is used.

const yesNo = ['Yes', 'No'];
const often = ['Often', 'Sometimes', 'Never'];

export const DEMO_FORM_TEMPLATES: readonly FormTemplateBodyInput[] = [
  {
    name: 'Social Needs Screening',
    description:
      'A short screen of the everyday needs that affect health, asked with the member at intake and every six months.',
    form_type: 'assessment',
    sections: [
      {
        section_id: 'section_housing',
        title: 'Housing',
        fields: [
          {
            field_id: 'field_housing_situation',
            field_type: 'radio',
            label: 'Which best describes where you are living now?',
            required: true,
            options: [
              'A stable place of my own',
              'A place I may lose soon',
              'Staying with others for now',
              'A shelter, car or outdoors',
            ],
          },
          {
            field_id: 'field_housing_problems',
            field_type: 'checkbox',
            label: 'Is your home affected by any of these?',
            options: [
              'Pests',
              'Mold',
              'No heat',
              'Broken appliances',
              'Lead paint or pipes',
              'None of these',
            ],
          },
          {
            field_id: 'field_housing_help',
            field_type: 'textarea',
            label: 'What would help most with housing?',
            conditional_logic: {
              field_id: 'field_housing_situation',
              operator: 'not_equals',
              value: 'A stable place of my own',
            },
            validation: { maxLength: 1000 },
          },
        ],
      },
      {
        section_id: 'section_food',
        title: 'Food',
        fields: [
          {
            field_id: 'field_food_worry',
            field_type: 'radio',
            label:
              'In the past year, how often did you worry food would run out before there was money for more?',
            required: true,
            options: often,
          },
          {
            field_id: 'field_food_programs',
            field_type: 'checkbox',
            label: 'Which food programs do you use now?',
            options: ['SNAP', 'WIC', 'Food bank or pantry', 'School meals', 'None'],
          },
        ],
      },
      {
        section_id: 'section_transport_utilities',
        title: 'Transportation and utilities',
        fields: [
          {
            field_id: 'field_transport_missed',
            field_type: 'radio',
            label:
              'Has a lack of transportation kept you from appointments, work or getting things you need?',
            required: true,
            options: yesNo,
          },
          {
            field_id: 'field_utilities_shutoff',
            field_type: 'radio',
            label: 'Has a utility company threatened to shut off your service in the past year?',
            required: true,
            options: ['Yes', 'No', 'Already shut off'],
          },
        ],
      },
      {
        section_id: 'section_safety',
        title: 'Safety',
        collapsed_by_default: true,
        fields: [
          {
            field_id: 'field_safety_home',
            field_type: 'radio',
            label: 'Do you feel safe where you live?',
            required: true,
            options: yesNo,
          },
          {
            field_id: 'field_safety_followup',
            field_type: 'select',
            label: 'How would you like us to follow up?',
            required: true,
            options: ['Call me', 'Text me', 'In person only', 'No follow-up'],
            conditional_logic: { field_id: 'field_safety_home', operator: 'equals', value: 'No' },
          },
        ],
      },
      {
        section_id: 'section_priorities',
        title: 'Your priorities',
        fields: [
          {
            field_id: 'field_top_need',
            field_type: 'select',
            label: 'Which need should we work on first?',
            required: true,
            options: ['Housing', 'Food', 'Transportation', 'Utilities', 'Safety', 'Something else'],
          },
          {
            field_id: 'field_screened_on',
            field_type: 'date',
            label: 'Screening date',
            required: true,
          },
        ],
      },
    ],
  },
  {
    name: 'Member Intake',
    description: 'Who the member is, how to reach them, and what brought them to the program.',
    form_type: 'intake',
    sections: [
      {
        section_id: 'section_contact',
        title: 'Contact',
        fields: [
          {
            field_id: 'field_preferred_name',
            field_type: 'text',
            label: 'Preferred name',
            validation: { maxLength: 60 },
          },
          {
            field_id: 'field_best_phone',
            field_type: 'text',
            label: 'Best phone number',
            required: true,
            placeholder: '555-555-0100',
            validation: { pattern: '[0-9()+. -]{7,20}', patternMessage: 'Enter a phone number, digits only' },
          },
          {
            field_id: 'field_contact_time',
            field_type: 'select',
            label: 'Best time to call',
            options: ['Morning', 'Afternoon', 'Evening'],
          },
          {
            field_id: 'field_language',
            field_type: 'select',
            label: 'Preferred language',
            required: true,
            options: ['English', 'Spanish', 'Vietnamese', 'Chinese', 'Arabic', 'Other'],
            default_value: 'English',
          },
          {
            field_id: 'field_interpreter',
            field_type: 'radio',
            label: 'Needs an interpreter',
            options: yesNo,
            conditional_logic: { field_id: 'field_language', operator: 'not_equals', value: 'English' },
          },
        ],
      },
      {
        section_id: 'section_household',
        title: 'Household',
        fields: [
          {
            field_id: 'field_household_size',
            field_type: 'number',
            label: 'People in the household',
            required: true,
            validation: { min: 1, max: 20, step: 1 },
          },
          {
            field_id: 'field_monthly_income',
            field_type: 'number',
            label: 'Household income per month (USD)',
            validation: { min: 0, max: 50000 },
          },
          {
            field_id: 'field_referral_reason',
            field_type: 'textarea',
            label: 'What brings the member to the program?',
            required: true,
            validation: { minLength: 10, maxLength: 2000 },
          },
        ],
      },
    ],
  },
  {
    name: 'Consent to Share Information',
    description:
      'The member agrees that the care team may share what is needed with the providers serving them.',
    form_type: 'consent',
    settings: { auto_save: true, allow_partial_save: false },
    sections: [
      {
        section_id: 'section_consent',
        title: 'Consent',
        collapsible: false,
        fields: [
          {
            field_id: 'field_consent_intro',
            field_type: 'section_header',
            label: 'Your information stays private. We share only what a provider needs to help you.',
          },
          {
            field_id: 'field_consent_scope',
            field_type: 'checkbox',
            label: 'I agree to share information with',
            required: true,
            options: ['Community providers serving me', 'My health plan', 'My primary care clinic'],
          },
          {
            field_id: 'field_consent_expires',
            field_type: 'date',
            label: 'Consent ends on',
            required: true,
            validation: { minDate: '2026-01-01' },
          },
          {
            field_id: 'field_consent_signature',
            field_type: 'signature',
            label: 'Member signature',
            required: true,
          },
        ],
      },
    ],
  },
  {
    name: 'Care Plan',
    description: 'The goals agreed with the member, the steps toward them, and when the team meets next.',
    form_type: 'care_plan',
    sections: [
      {
        section_id: 'section_goals',
        title: 'Goals',
        fields: [
          {
            field_id: 'field_goal_areas',
            field_type: 'checkbox',
            label: 'Goal areas',
            required: true,
            options: ['Housing', 'Food', 'Health', 'Employment', 'Transportation', 'Social connection'],
          },
          {
            field_id: 'field_plan',
            field_type: 'rich_text',
            label: 'Plan and next steps',
            required: true,
            help_text: 'Who does what, by when.',
          },
          {
            field_id: 'field_review_date',
            field_type: 'date',
            label: 'Review the plan on',
            required: true,
          },
        ],
      },
      {
        section_id: 'section_team',
        title: 'Care team',
        collapsed_by_default: true,
        fields: [
          { field_id: 'field_team_members', field_type: 'textarea', label: 'Who is on the care team' },
          {
            field_id: 'field_member_agrees',
            field_type: 'radio',
            label: 'The member agrees with this plan',
            required: true,
            options: yesNo,
          },
        ],
      },
    ],
  },
  {
    name: 'Visit Progress Note',
    description: 'What happened at a visit or call, and what comes next.',
    form_type: 'progress_note',
    sections: [
      {
        section_id: 'section_visit',
        title: 'Visit',
        fields: [
          {
            field_id: 'field_visit_at',
            field_type: 'datetime',
            label: 'Visit date and time',
            required: true,
          },
          {
            field_id: 'field_visit_mode',
            field_type: 'select',
            label: 'How the visit happened',
            required: true,
            options: ['Phone', 'Video', 'Home visit', 'Office'],
          },
          {
            field_id: 'field_duration',
            field_type: 'number',
            label: 'Minutes spent',
            required: true,
            validation: { min: 1, max: 480 },
          },
          {
            field_id: 'field_summary',
            field_type: 'textarea',
            label: 'Summary',
            required: true,
            validation: { minLength: 10, maxLength: 4000 },
          },
          { field_id: 'field_next_contact', field_type: 'date', label: 'Next contact' },
        ],
      },
    ],
  },
  {
    name: 'Service Billing Record',
    description: 'The billable service delivered, for the program’s claims.',
    form_type: 'billing',
    sections: [
      {
        section_id: 'section_service',
        title: 'Service',
        fields: [
          { field_id: 'field_service_date', field_type: 'date', label: 'Service date', required: true },
          {
            field_id: 'field_service_start',
            field_type: 'time',
            label: 'Start time',
            required: true,
          },
          {
            field_id: 'field_units',
            field_type: 'number',
            label: 'Units (15 minutes each)',
            required: true,
            validation: { min: 1, max: 16, step: 1 },
          },
          {
            field_id: 'field_service_code',
            field_type: 'text',
            label: 'Service code',
            required: true,
            validation: { pattern: '[A-Z][0-9]{4}', patternMessage: 'A letter and four digits, like G9008' },
          },
        ],
      },
    ],
  },
  {
    name: 'Transportation Request',
    description: 'A ride to an appointment, with what the driver needs to know.',
    form_type: 'custom',
    sections: [
      {
        section_id: 'section_ride',
        title: 'Ride',
        fields: [
          { field_id: 'field_ride_date', field_type: 'date', label: 'Appointment date', required: true },
          { field_id: 'field_pickup_time', field_type: 'time', label: 'Pickup time', required: true },
          {
            field_id: 'field_mobility',
            field_type: 'radio',
            label: 'Mobility needs',
            required: true,
            options: ['None', 'Walker or cane', 'Wheelchair'],
          },
          {
            field_id: 'field_ride_notes',
            field_type: 'textarea',
            label: 'Notes for the driver',
            conditional_logic: { field_id: 'field_mobility', operator: 'not_equals', value: 'None' },
          },
        ],
      },
    ],
  },
];
