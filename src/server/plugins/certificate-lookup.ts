/** A registration's certificate of participation, as her manage page shows it. */
export interface RegistrationCertificate {
  folio: string;
  /** Revoked by staff (or by the cancellation of her data): still shown, with that state. */
  revoked: boolean;
}

/**
 * What the certificates domain offers the registrations domain: the certificate a registration holds,
 * if she checked in and one was issued. Declared here, below the domains; the certificates plugin
 * provides it. It is registered after the registrations plugin, so readers look it up at request time
 * and treat its absence as "no certificate".
 */
export interface CertificateLookup {
  ofRegistration(registrationId: string): Promise<RegistrationCertificate | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    certificateLookup?: CertificateLookup;
  }
}
