// Started by the page's start-up script on a signed-in path (src/last-screen/warm-intl.ts, decision 0334). The
// first Intl formatter a page makes loads the browser's locale and time-zone data, ~200 ms on a phone's main
// thread in whatever task first shows a date (a list's render). That data is shared by the page's threads: made
// here first, the app's own dates, money and plurals cost the main thread next to nothing.
const at = new Date();
for (const locale of ['en-PH', 'fil-PH']) {
  for (const timeZone of [undefined, 'UTC', 'Asia/Manila']) {
    new Intl.DateTimeFormat(locale, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).formatToParts(at);
  }
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'PHP' }).format(1234.5);
  new Intl.PluralRules(locale).select(2);
  'a'.localeCompare('b', locale);
}
close();
