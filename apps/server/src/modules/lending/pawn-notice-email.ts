import { type EmailMessage, escapeHtml, oneLine } from '../notifications/email-content';
import { newMessageId } from '../notifications/notification-events';
import { NOTICE_SUBJECT, noticeLines, type NoticeWords } from '@kalinga/contracts/pawn-notice-rules';

// The notice's email (decision 0184): the words of the printed letter (noticeLines), signed by the shop.

export function noticeEmail(to: { name: string; address: string }, w: NoticeWords): EmailMessage {
  const lines = noticeLines(w).map(oneLine);
  const sign = [oneLine(w.shop), ...(w.shopAddress ? [oneLine(w.shopAddress)] : [])];
  const text = [`Dear ${oneLine(w.pawner)},`, '', ...lines.flatMap((l) => [l, '']), ...sign, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Dear ${escapeHtml(w.pawner)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${sign.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: { name: oneLine(to.name), address: to.address }, fromName: oneLine(w.shop), subject: oneLine(NOTICE_SUBJECT(w.ticket)), text, html, messageId: newMessageId(), ics: null };
}
