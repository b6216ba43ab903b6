import { Badge } from '@mantine/core';
import { WORKFLOW_INSTANCE_STATUS_COLORS, type WorkflowInstanceStatus } from '@trust/domain';

/** A workflow instance's status (002 §4: running, completed, failed, paused, cancelled), in its color. */
export function InstanceStatusBadge({ status }: { status: WorkflowInstanceStatus }) {
  return (
    <Badge color={WORKFLOW_INSTANCE_STATUS_COLORS[status]} variant="light">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}
