/**
 * The members' public data in the query cache: the plans with their fees (/Membresias) and the
 * directory (/Socias). The server fills them (ssr/initial-data.ts); the features read them.
 */
export const membershipKeys = {
  plans: ['membership', 'plans'],
  directory: ['membership', 'directory'],
} as const;
