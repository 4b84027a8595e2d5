import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Validates an admin form with the API's own schema, so a value the API would refuse is refused in
 * the form, under its field, with the API's Spanish message. Only the schema's fields are checked: a
 * record read back from the API also carries its id and slug, which the API sets itself.
 */
export function schemaResolver(schema: z.ZodObject): Resolver<FieldValues> {
  const fields = Object.keys(schema.shape);
  return async (values) => {
    const input = Object.fromEntries(fields.map((field) => [field, values[field]]));
    const result = await schema.safeParseAsync(input);
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
