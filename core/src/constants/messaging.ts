/** Limits of messaging (spec §5 Message send; the issue sets 5 000 characters). */
export const MESSAGE_MAX_LENGTH = 5000;
/** A client-generated id makes a retried send idempotent: letters, digits, '-' and '_'. */
export const CLIENT_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_MAX = 100;
export const CONVERSATIONS_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_MAX = 100;
export const CONVERSATION_SEARCH_MAX = 60;

/** Characters as a member counts them (an emoji is one), not UTF-16 units. */
export const messageLength = (text: string) => [...text].length;
