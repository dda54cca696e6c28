// What other modules may use of activities: recording one inside their own transaction.
import {
  activityCreated,
  activityInsert,
  insertActivity,
  insertNewContentActivities,
  readMessageActivities,
  recordedActivity,
  toActivity,
  type ActivityRow,
  type NewActivity,
  type Run,
} from './activity.repository';

/**
 * Records that something happened to a member (the Updates feed and notifications) in `run`, the
 * event's own transaction where it has one: written with the event or not at all, and announced to
 * the member's sockets only on commit. The rules of who is told what (blocks, anonymous viewers, one
 * message activity per conversation burst) live here, so callers just say what happened.
 */
export const recordActivity = (run: Run, activity: NewActivity) => insertActivity(run, activity);
export type { NewActivity };

/**
 * The same, inside a statement that writes what the activity is about (a message): its INSERT as a
 * CTE (`activityInsert`, the same rules), read back with `recordedActivity` and `toActivity`, and
 * announced by the caller with `activityCreated` after the statement.
 */
export { activityCreated, activityInsert, recordedActivity, toActivity, type ActivityRow };

/** A member published content: their friends and the members who hotlist them hear of it. */
export const recordNewContent = (run: Run, ownerId: string, contentId: string) => insertNewContentActivities(run, ownerId, contentId);

/** The member read a conversation: its message notification is read too (the next message makes a new one). */
export const markMessageActivitiesRead = (run: Run, readerId: string, senderId: string) => readMessageActivities(run, readerId, senderId);
