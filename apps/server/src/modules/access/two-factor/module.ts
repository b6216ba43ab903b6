import {
  backupCodes,
  loginChallenges,
  trustedDevices,
  users,
  userTwoFactor,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { twoFactorRoutes } from './routes.ts';

export default defineModule({
  name: 'two-factor',
  area: 'access',
  service: 'product',
  owns: [backupCodes, loginChallenges, trustedDevices, userTwoFactor],
  reads: [
    {
      table: users,
      why: 'a device token is matched to the email being signed in with in one query by the token, so an unknown email costs the same (sign-in limits)',
    },
  ],
  routes: (deps) => [twoFactorRoutes(deps)],
});
