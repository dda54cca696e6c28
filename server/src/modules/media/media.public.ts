// What other modules may use of media: where a stored file is served, who may see it, and the
// service's shape (moderation removes a reported photo through it; content deletes through it).
export { mediaFileUrl } from './media.dto';
export { canView, type MediaService, type Viewer } from './media.service';
