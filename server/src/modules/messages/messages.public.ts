// What other modules may use of messaging: the service's shape (moderation removes a reported message through it).
export type { MessagesService } from './messages.service';
