/**
 * Formatters made on first use. Making an Intl formatter loads its locale data, which is slow on a
 * phone: one Intl.RelativeTimeFormat made when its module loaded was most of the shared chunk's
 * start-up in a profile of /dashboard (4× CPU slowdown), though no page needed it before a list came.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions) {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date: Date | number) => (made ??= new Intl.DateTimeFormat('en-GB', options)).format(date) };
}

export function relativeTimeFormat(options: Intl.RelativeTimeFormatOptions) {
  let made: Intl.RelativeTimeFormat | undefined;
  return {
    format: (value: number, unit: Intl.RelativeTimeFormatUnit) =>
      (made ??= new Intl.RelativeTimeFormat('en-GB', options)).format(value, unit),
  };
}
