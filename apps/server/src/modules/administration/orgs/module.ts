import {
  consentDocuments,
  consentSignatures,
  invitations,
  members,
  memberships,
  organizations,
  referrals,
  users,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { orgsRoutes } from './routes.ts';

export default defineModule({
  name: 'orgs',
  area: 'administration',
  service: 'product',
  owns: [memberships, organizations],
  reads: [
    {
      table: users,
      why: "member lists, active-member counts and invitation checks show or match the members' accounts (one query a page)",
    },
    {
      table: consentDocuments,
      why: "the member list shows each member's consent compliance against the current versions, in the same query",
    },
    { table: consentSignatures, why: 'the same compliance columns of the member list' },
    { table: invitations, why: "an organization's figures count its pending invitations" },
    {
      table: referrals,
      why: "an organization's figures count its referrals; deleting it is refused while referrals are on record",
    },
    { table: members, why: 'deleting an organization is refused while Medicaid members (PHI) are on record' },
  ],
  routes: (deps) => [orgsRoutes(deps)],
});
