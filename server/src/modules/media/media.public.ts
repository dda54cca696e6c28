// What other modules may use of media: where a stored file is served.
export { mediaFileUrl } from './media.dto';
