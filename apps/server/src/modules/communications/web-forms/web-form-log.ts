import type { AppDeps } from '../../../platform/deps.ts';

// Where the web-form module logs what fails outside a request (a run in this process, a browser step): the app's
// logger, given by the routes when they are registered.

export type WebFormLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

const logs = new WeakMap<AppDeps, WebFormLog>();

export function setWebFormLog(deps: AppDeps, log: WebFormLog) {
  logs.set(deps, log);
}

/** The app's logger, or undefined before the routes are registered (a job of a test). */
export function webFormLogOf(deps: AppDeps): WebFormLog | undefined {
  return logs.get(deps);
}
