/**
 * How long what is kept about a deleted account is kept (the privacy page and the deletion dialog
 * say so): reports other members made about it, with the copy of a reported photo, video or message
 * each holds, and the moderators' log entries about it. A sweep on the server erases them once
 * they are this old (server/src/modules/moderation/records-retention.ts).
 */
export const DELETED_ACCOUNT_RECORDS_MONTHS = 12;
/** The same in days, as the sweep counts it. */
export const DELETED_ACCOUNT_RECORDS_DAYS = 365;
