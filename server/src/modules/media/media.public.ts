// What other modules may use of media: where a stored file is served, and the service's shape
// (moderation removes a reported photo through it).
export { mediaFileUrl } from './media.dto';
export type { MediaService } from './media.service';
