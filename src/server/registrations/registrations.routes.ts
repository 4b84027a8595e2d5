import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { RegistrationAnswerSchema, RegistrationBodySchema } from '../../shared/registrations.ts';
import { publicFormLimit } from '../plugins/security.ts';
import { answerSignUp, signUpOrRefuse } from './answers.ts';

/**
 * POST /api/events/:id/registrations: a sign-up. 201 with the seat or the waitlist place taken now;
 * 200 with the current status when this address was registered already (its manage link is mailed
 * again); 409 when registration is closed or the event has started. CSRF as every write, a honeypot,
 * and the contact form's rate limit per client address.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiRoutes.eventRegistrations,
    {
      config: { rateLimit: publicFormLimit(app) },
      // After the limit has counted it, before its body is checked: a draft's id is as unknown as any.
      preValidation: app.publishedEvents.required,
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: RegistrationBodySchema,
        response: {
          200: dataEnvelope(RegistrationAnswerSchema),
          201: dataEnvelope(RegistrationAnswerSchema),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await signUpOrRefuse(app, request.params.id, request.body.data);
      if (outcome.kind === 'spam') return reply.code(201).send({ data: { status: 'confirmed' } });
      return answerSignUp(reply, outcome);
    },
  );
};
