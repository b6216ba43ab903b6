import { z } from 'zod';

/** Integer ids as they appear in paths (the spec's client treats ids as numbers). */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** A timestamp on the wire: ISO 8601 in UTC. */
export const timestampSchema = z.string().meta({ format: 'date-time' });

export const okSchema = z.object({ ok: z.literal(true) });
