import { backupCodes, loginChallenges, trustedDevices, userTwoFactor } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { twoFactorRoutes } from './routes.ts';

export default defineModule({
  name: 'two-factor',
  area: 'access',
  service: 'product',
  owns: [backupCodes, loginChallenges, trustedDevices, userTwoFactor],
  routes: (deps) => [twoFactorRoutes(deps)],
});
