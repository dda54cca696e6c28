export type DeviceKind = 'phone' | 'tablet' | 'computer' | 'unknown';

export interface DeviceInfo {
  /** Plain words, e.g. 'Chrome on Android', 'Safari on iPhone'. */
  label: string;
  kind: DeviceKind;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bHeadlessChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];

/** Describes a session's user agent in the words a member would use. */
export function describeDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  if (!ua.trim()) return { label: 'Unknown device', kind: 'unknown' };

  let system: string | undefined;
  let kind: DeviceKind = 'unknown';
  if (/\biPad\b/.test(ua)) [system, kind] = ['iPad', 'tablet'];
  else if (/\biPhone\b|\biPod\b/.test(ua)) [system, kind] = ['iPhone', 'phone'];
  else if (/\bAndroid\b/.test(ua)) [system, kind] = ['Android', /\bMobile\b/.test(ua) ? 'phone' : 'tablet'];
  else if (/\bCrOS\b/.test(ua)) [system, kind] = ['Chromebook', 'computer'];
  else if (/\bWindows\b/.test(ua)) [system, kind] = ['Windows', 'computer'];
  else if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) [system, kind] = ['Mac', 'computer'];
  else if (/\bLinux\b|\bX11\b/.test(ua)) [system, kind] = ['Linux', 'computer'];

  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return { label: `${browser} on ${system}`, kind };
  if (browser) return { label: browser, kind };
  if (system) return { label: `Browser on ${system}`, kind };
  return { label: 'Unknown device', kind };
}
