// What other modules may use of profiles: the service's shape (the account routes call it).
export type { ProfilesService } from './profiles.service';
