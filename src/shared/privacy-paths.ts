// Apart from api-paths.ts, so that only the code that needs it (the server, the ARCO form's lazy page)
// carries it, not the public site's first load.

/** The ARCO form's API route (with script), with the others' in routes-contract.test.ts. */
export const privacyApiRoutes = { privacyRequests: '/api/privacy/requests' } as const;
