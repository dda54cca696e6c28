const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const IGNORE_IF_NOT_ASKED = 'If you did not ask for this, ignore this email.';

/** A plain email with one call to action; text first, so every mail client shows the link. */
export function actionMail(opts: { siteName: string; heading: string; intro: string; action: string; url: string; footer?: string }) {
  const footer = opts.footer ?? IGNORE_IF_NOT_ASKED;
  const text = `${opts.heading}\n\n${opts.intro}\n\n${opts.action}: ${opts.url}\n\n${footer}\n— ${opts.siteName}`;
  const html = `<h1>${escapeHtml(opts.heading)}</h1><p>${escapeHtml(opts.intro)}</p><p><a href="${escapeHtml(opts.url)}">${escapeHtml(opts.action)}</a></p><p>${escapeHtml(footer)}</p><p>— ${escapeHtml(opts.siteName)}</p>`;
  return { text, html };
}

/** A plain notice with no call to action (a moderation outcome, a warning). */
export function noticeMail(opts: { siteName: string; heading: string; intro: string; footer?: string }) {
  const footer = opts.footer ? `\n\n${opts.footer}` : '';
  const text = `${opts.heading}\n\n${opts.intro}${footer}\n— ${opts.siteName}`;
  const html = `<h1>${escapeHtml(opts.heading)}</h1><p>${escapeHtml(opts.intro)}</p>${opts.footer ? `<p>${escapeHtml(opts.footer)}</p>` : ''}<p>— ${escapeHtml(opts.siteName)}</p>`;
  return { text, html };
}
