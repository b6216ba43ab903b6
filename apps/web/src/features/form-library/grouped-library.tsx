import {
  Button,
  Card,
  Checkbox,
  Chip,
  Collapse,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { FORM_MESSAGES, FORM_TYPE_LABELS, FORM_TYPES, type FormTemplate, type FormType } from '@trust/domain';
import { useState } from 'react';
import { errorText } from '../../api/errors.ts';
import { useFormTemplates } from '../../api/forms/templates.ts';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { TemplateCard } from './template-card.tsx';

function StatTile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value ?? '—'}
      </Text>
    </Card>
  );
}

function TypeGroup({
  type,
  templates,
  canCreate,
  creatingId,
  onCreate,
  onView,
}: {
  type: FormType;
  templates: FormTemplate[];
  canCreate: boolean;
  creatingId: number | null;
  onCreate: (t: FormTemplate) => void;
  onView: (t: FormTemplate) => void;
}) {
  const [open, setOpen] = useState(true);
  const id = `form-group-${type}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${id}-title`}>
      <Title order={3} size="h4" id={`${id}-title`}>
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id}>
          <Group gap="xs" wrap="nowrap">
            {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
            <span>
              {FORM_TYPE_LABELS[type]} ({templates.length})
            </span>
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={open} id={id}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {templates.map((t) => (
            <TemplateCard
              key={t.id}
              template={t}
              canCreate={canCreate}
              creating={creatingId === t.id}
              onCreate={onCreate}
              onView={onView}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </Stack>
  );
}

/**
 * The grouped library (002 §2): the organization's counts, a search by name or description (on the server),
 * type chips with their counts, Select All, Clear Filters, 'Show only active templates', and one collapsible
 * group per form type.
 */
export function GroupedLibrary({
  canCreate,
  creatingId,
  onCreate,
  onView,
}: {
  canCreate: boolean;
  creatingId: number | null;
  onCreate: (t: FormTemplate) => void;
  onView: (t: FormTemplate) => void;
}) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [types, setTypes] = useState<string[]>([]);
  const [activeOnly, setActiveOnly] = useState(false);
  // The organization's templates on one page (200 at most), grouped here by type.
  const list = useFormTemplates({
    page: 1,
    pageSize: 200,
    search: debouncedSearch,
    status: activeOnly ? 'active' : '',
  });
  const stats = list.data?.stats;
  const filtering = search !== '' || types.length > 0 || activeOnly;

  const chosen = new Set(types);
  const templates = (list.data?.templates ?? []).filter((t) => chosen.size === 0 || chosen.has(t.form_type));
  const groups = FORM_TYPES.map((type) => ({
    type,
    templates: templates.filter((t) => t.form_type === type),
  })).filter((g) => g.templates.length > 0);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatTile label="Total Templates" value={stats?.total_templates} />
        <StatTile label="Active Templates" value={stats?.active_templates} />
        <StatTile label="Total Forms" value={stats?.total_forms} />
        <StatTile label="Completed Forms" value={stats?.completed_forms} />
      </SimpleGrid>

      <TextInput
        aria-label="Search templates by name or description"
        placeholder="Search by name or description"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Chip.Group multiple value={types} onChange={setTypes}>
        <Group gap="xs" role="group" aria-label="Form types">
          {FORM_TYPES.map((type) => (
            <Chip key={type} value={type} size="sm">
              {FORM_TYPE_LABELS[type]} ({stats?.by_type[type] ?? 0})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="sm" wrap="wrap">
        <Button size="xs" variant="light" onClick={() => setTypes([...FORM_TYPES])}>
          Select All
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!filtering}
          onClick={() => {
            setSearch('');
            setTypes([]);
            setActiveOnly(false);
          }}
        >
          Clear Filters
        </Button>
        <Checkbox
          label="Show only active templates"
          checked={activeOnly}
          onChange={(e) => setActiveOnly(e.currentTarget.checked)}
        />
      </Group>

      {list.error ? (
        <LoadErrorAlert
          error={list.error}
          onRetry={() => void list.refetch()}
          title="Error:"
          message={errorText(list.error, FORM_MESSAGES.fetchTemplatesFailed)}
        />
      ) : list.isPending ? (
        <Text c="dimmed">Loading templates…</Text>
      ) : groups.length === 0 ? (
        <Card withBorder padding="lg">
          <Stack gap={4} align="center">
            <Text fw={600}>No forms found</Text>
            <Text size="sm" c="dimmed">
              {filtering ? 'No template matches these filters.' : 'No form templates yet.'}
            </Text>
          </Stack>
        </Card>
      ) : (
        groups.map((g) => (
          <TypeGroup
            key={g.type}
            type={g.type}
            templates={g.templates}
            canCreate={canCreate}
            creatingId={creatingId}
            onCreate={onCreate}
            onView={onView}
          />
        ))
      )}
    </Stack>
  );
}
