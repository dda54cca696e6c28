import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { EMAIL_SHAPE, normaliseEmail } from './credentials.schema';
import { text } from './text.schema';

export const contactSchema = z.object({
  name: text({ error: messages.contact.nameRequired }).trim().min(1, messages.contact.nameRequired).max(100, messages.contact.nameTooLong),
  email: text({ error: messages.signIn.invalidEmail })
    .transform(normaliseEmail)
    .pipe(z.string().max(254, messages.signIn.invalidEmail).regex(EMAIL_SHAPE, messages.signIn.invalidEmail)),
  message: text({ error: messages.contact.messageRequired })
    .trim()
    .min(1, messages.contact.messageRequired)
    .max(limits.contactMessageMax, messages.contact.messageTooLong),
});
export type ContactInput = z.input<typeof contactSchema>;

/** POST /api/v1/contact: the stored message's id. */
export const contactResponseSchema = z.object({ id: z.string() });
