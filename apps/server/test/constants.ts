/** The demo dataset the tests start from: the real generator, fewer rows. */
export const TEST_PASSWORD = 'test-password-123';
export const TEST_DEMO = { password: TEST_PASSWORD, providersPerMetro: 10, referrals: 48 };
