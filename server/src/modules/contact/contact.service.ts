import type { z } from 'zod';
import type { contactSchema } from '@velvet/core/schemas/contact.schema';
import type { Mailer } from '../../mail/mailer';
import type { Logger } from '../../logger';
import type { ContactRepository } from './contact.repository';

export function contactService(deps: { repo: ContactRepository; mailer: Mailer; to: string; siteName: string; log: Logger }) {
  return {
    /** Keeps the message, then mails it to the site with the sender as reply-to. */
    async submit(input: z.output<typeof contactSchema>, userId: string | null) {
      const row = await deps.repo.create({ ...input, userId });
      try {
        await deps.mailer.send({
          to: deps.to,
          replyTo: input.email,
          subject: `[${deps.siteName} contact] ${input.name}`,
          text: `From: ${input.name} <${input.email}>\nMember: ${userId ?? 'not signed in'}\n\n${input.message}`,
        });
      } catch (err) {
        // the message is kept; a mail outage must not make the member send it twice
        deps.log.error({ err, contactMessageId: row.id }, 'contact mail not sent');
      }
      return { id: row.id };
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;
