import { dateTimeFormat } from '../../../lib/intl';

const format = dateTimeFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** '26 Nov, 09:14' (UK time): when it happened. */
export const whenText = (iso: string) => format.format(new Date(iso));
