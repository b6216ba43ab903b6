import { z } from 'zod';

// For browsers, imported first by the web app (apps/web/src/main.tsx), before any schema is built: zod's faster
// object parser compiles code with `new Function`, which the app's Content-Security-Policy refuses (script-src
// 'self', no 'unsafe-eval'; issue #12), and even zod's check for it shows a violation in the console. The server
// does not import this and keeps the compiled parsers.
z.config({ jitless: true });
