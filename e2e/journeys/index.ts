import { SHELL_JOURNEYS } from './shell.ts';
import type { Journey } from './types.ts';

// Every journey, in the order they run. One file per area; add a line here for a new one.
export const JOURNEYS: Journey[] = [...SHELL_JOURNEYS];
