import { auditLog, memberships, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { auditLogRoutes } from './routes.ts';

export default defineModule({
  name: 'audit-log',
  area: 'administration',
  service: 'product',
  owns: [],
  reads: [
    {
      table: auditLog,
      why: 'the security log is a read of the audit log the platform writes (platform/audit.ts); nothing here writes it',
    },
    {
      table: memberships,
      why: "the log shows events done by, or done to, the active organization's members",
    },
    { table: users, why: 'each event names its actor (or the user it was done to) by name and email' },
  ],
  routes: (deps) => [auditLogRoutes(deps)],
});
