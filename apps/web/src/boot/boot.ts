// The page's first script: a classic script in <head> (built by apps/web/prerender.ts), run before the body is
// painted. It stays tiny: constants and the start of the app, nothing of React.
import { startPage } from './start-page.ts';

startPage();
