/**
 * A value the request's schema let through but the data layer refuses (news markup that is nothing
 * once sanitised, for one). Repositories throw it without knowing about HTTP; the error handler
 * answers it with 400 in the API's validation shape.
 */
export class InvalidInputError extends Error {
  /** Field name → the Spanish message shown beside it. */
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super(`invalid input: ${Object.keys(fields).join(', ')}`);
    this.name = 'InvalidInputError';
    this.fields = fields;
  }
}
