// What other modules may use of verification: the service's shape. Its requireApprovedCreator(userId)
// is the check before publishing premium or paid content (403 unless the member is an approved creator).
export type { VerificationService } from './verification.service';
