import { dateTimeFormat } from '../../lib/intl';

const format = dateTimeFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const month = dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** '26 Nov, 09:14' (UK time): when a wink came or a member was added. */
export const whenText = (iso: string) => format.format(new Date(iso));
/** 'November 2026': when a member joined. */
export const joinedText = (iso: string) => `Joined ${month.format(new Date(iso))}`;
