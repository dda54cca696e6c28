import { Hono } from 'hono';
import type { Mailer } from '../../mail/mailer';
import { contentSecurityPolicy, styleHash } from '../../middleware/csp';

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#0b0b10;color:#f5f5f7;max-width:720px;margin:0 auto;padding:16px}article{background:#16161f;border:1px solid #2a2a38;border-radius:16px;padding:16px;margin:12px 0}pre{white-space:pre-wrap;word-break:break-all}a{color:#f472b6}.meta{color:#a1a1b5}';
/** The app's policy; the page's one inline <style> is allowed by its hash, nothing else inline. */
const POLICY = contentSecurityPolicy({ styles: [styleHash(STYLE)] });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** /dev/outbox: the mail the app "sent" without SMTP. Mounted only outside production. */
export function outboxRoutes(mailer: Mailer) {
  return new Hono()
    .get('/api', async (c) => c.json({ messages: await mailer.outbox() }))
    .get('/', async (c) => {
      const mails = await mailer.outbox();
      const items = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p><pre>${linkify(m.text)}</pre></article>`,
        )
        .join('');
      c.header('Content-Security-Policy', POLICY);
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox</title><style>${STYLE}</style></head><body><h1>Dev outbox</h1><p class="meta">Mail sent while no SMTP_URL is set. Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
    });
}
