/**
 * The lending rules' refusals as message keys (decision 0290). The rules write English sentences (the server's and the
 * offline counter's refusals, identical on both sides); this list names each one by a key, with its variable parts
 * as ICU placeholders, so the web app (`lending.rule.<key>` in its catalogs) and the server (`lending.rule.<key>` in
 * apps/server/src/i18n) say it in the reader's language. Each template is made by the rule's own function, so a
 * sentence changed in a rule changes here too; the catalogs' tests compare their English with this list.
 */
import { EXTEND_AFTER_EXPIRY, EXTENDED_MEANWHILE, NOT_EXTENDABLE, NOTHING_TO_EXTEND } from './extension';
import { KYC_NEEDED } from './kyc-rules';
import { NOTICE_ALREADY_SENT, NOTICE_PERIOD_ENDED } from './notice-rules';
import { inRedemptionPeriod, LOW_LOAN_NEEDS_REQUEST } from './redemption';
import { ALREADY_REVERSED, CLOSED_DAY, DAY_ALREADY_CLOSED, DAY_ALREADY_OPEN, DAY_IN_FUTURE, DAY_TOO_FAR_BACK, REASON_NEEDED, REVERSAL_OF_REVERSAL } from './register';
import {
  ADVANCE_LEAVES_NOTHING, BEFORE_LOAN_DATE, dateBefore, dateInFuture, dateTooFarBack, FORFEIT_NEEDS_NOTICE, FORFEIT_REASON_NEEDED,
  ITEM_IN_TRANSIT, ITEM_NOT_FOR_SALE, ITEM_NOT_FORFEITED, type ItemStatus, LOAN_AMOUNT_TOO_HIGH, LOAN_DATE_IN_FUTURE, type LoanStatus, NOT_ACTIVE,
  NOT_RENEWABLE, RENEW_AFTER_EXPIRY,
} from './rules';

const STATUS = '{status}' as LoanStatus & ItemStatus;

export const LENDING_RULE_MESSAGES = {
  notActive: NOT_ACTIVE(STATUS),
  notRenewable: NOT_RENEWABLE,
  renewAfterExpiry: RENEW_AFTER_EXPIRY,
  beforeLoanDate: BEFORE_LOAN_DATE,
  notExtendable: NOT_EXTENDABLE,
  extendAfterExpiry: EXTEND_AFTER_EXPIRY,
  nothingToExtend: NOTHING_TO_EXTEND,
  extendedMeanwhile: EXTENDED_MEANWHILE('{date}'),
  inRedemptionPeriod: inRedemptionPeriod('{date}'),
  forfeitNeedsNotice: FORFEIT_NEEDS_NOTICE,
  forfeitReasonNeeded: FORFEIT_REASON_NEEDED,
  itemNotForfeited: ITEM_NOT_FORFEITED(STATUS),
  itemNotForSale: ITEM_NOT_FOR_SALE(STATUS),
  itemInTransit: ITEM_IN_TRANSIT,
  amountTooHigh: LOAN_AMOUNT_TOO_HIGH,
  dateInFuture: LOAN_DATE_IN_FUTURE,
  advanceLeavesNothing: ADVANCE_LEAVES_NOTHING,
  lowLoanNeedsRequest: LOW_LOAN_NEEDS_REQUEST,
  kycNeeded: KYC_NEEDED(0, ['{missing}']).replace('₱0.00', '{amount}'),
  noticePeriodEnded: NOTICE_PERIOD_ENDED('{date}'),
  noticeAlreadySent: NOTICE_ALREADY_SENT('{date}'),
  reversalOfReversal: REVERSAL_OF_REVERSAL,
  alreadyReversed: ALREADY_REVERSED,
  reverseReasonNeeded: REASON_NEEDED,
  closedDay: CLOSED_DAY('{date}'),
  dayAlreadyClosed: DAY_ALREADY_CLOSED,
  dayAlreadyOpen: DAY_ALREADY_OPEN('{date}'),
  dayInFuture: DAY_IN_FUTURE,
  dayTooFarBack: DAY_TOO_FAR_BACK,
  actionDateInFuture: dateInFuture('{label}'),
  actionDateBefore: dateBefore('{label}', '{what}', '{date}'),
  actionDateToday: dateTooFarBack('{label}', 0),
  actionDateOneDayBack: dateTooFarBack('{label}', 1),
  actionDateDaysBack: dateTooFarBack('{label}', 2).replace(' 2 ', ' {days} '),
} as const;

export type LendingRuleKey = keyof typeof LENDING_RULE_MESSAGES;

/**
 * The dates and fields the sentences name, as the rules write them (the catalogs say them again: `lending.ruleWord.*` on
 * the web, `lending.word.*` on the server). A status is not one: the catalogs choose on it (ICU select).
 */
export const LENDING_RULE_WORDS = [
  'loan date', 'renewal date', 'extension date', 'redemption date', 'forfeiture date', 'sale date', 'the forfeiture',
  'photo ID type', 'ID number', 'date of birth', 'nationality', 'address', 'work', 'source of funds',
] as const;
export type LendingRuleWord = (typeof LENDING_RULE_WORDS)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = (Object.entries(LENDING_RULE_MESSAGES) as [LendingRuleKey, string][]).map(([key, text]) => {
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const source = text.split(/\{\w+\}/).map(escape).join('(.+?)');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** Which rule sentence this is, with its variable parts; null for a sentence the rules do not write. */
export function lendingRuleMessage(sentence: string): { key: LendingRuleKey; values: Record<string, string> } | null {
  for (const { key, names, pattern } of MATCHERS) {
    const found = pattern.exec(sentence);
    if (found) return { key, values: Object.fromEntries(names.map((name, i) => [name, found[i + 1]])) };
  }
  return null;
}
