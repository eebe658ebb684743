import { type LendingRuleKey, type LendingRuleWord, lendingRuleMessage } from '@kalinga/contracts/lending/rule-messages';
import { t, type MessageKey } from '../../lib/i18n';
import { BOOK_LOCKED } from '../../offline/sealed';

// The lending forms check their fields with the shared schemas (packages/contracts/src/lending/schemas.ts), whose
// messages are English sentences made from a field's name. Those the forms show are said again here in the language
// in use (decision 0275): each sentence's pattern has a catalog message, each field's name a catalog word. English
// reads exactly as the schema wrote it; a sentence not known here is shown as it is.

const FIELD: Record<string, MessageKey> = {
  'first name': 'lending.field.firstName',
  'last name': 'lending.field.lastName',
  'selling price': 'lending.field.sellingPrice',
  'final selling price': 'lending.field.finalSellingPrice',
  'buyer name': 'lending.field.buyerName',
  email: 'lending.field.email',
};

const PATTERNS: [RegExp, MessageKey][] = [
  [/^The (.+) field is required\.$/, 'lending.check.required'],
  [/^The (.+) may not be greater than (\d+) characters\.$/, 'lending.check.tooLong'],
  [/^The (.+) must be a number\.$/, 'lending.check.number'],
  [/^The (.+) may not be negative\.$/, 'lending.check.negative'],
  [/^The (.+) is too large\.$/, 'lending.check.tooLarge'],
  [/^The (.+) may have at most two decimals\.$/, 'lending.check.decimals'],
  [/^The (.+) must be greater than zero\.$/, 'lending.check.aboveZero'],
];

const WHOLE: Record<string, MessageKey> = {
  'Use a real calendar date (YYYY-MM-DD).': 'lending.check.realDate',
  'The email must be a valid email address.': 'lending.check.email',
  [BOOK_LOCKED]: 'lending.check.bookLocked',
};

// The lending rules' refusals by their keys (decision 0290): beside a field, on a loan's actions, as the offline
// book's refusal of an action, and the server's. Typed by the contracts' list, so a new rule sentence needs its key.
const RULE: Record<LendingRuleKey, MessageKey> = {
  notActive: 'lending.rule.notActive',
  notRenewable: 'lending.rule.notRenewable',
  renewAfterExpiry: 'lending.rule.renewAfterExpiry',
  beforeLoanDate: 'lending.rule.beforeLoanDate',
  notExtendable: 'lending.rule.notExtendable',
  extendAfterExpiry: 'lending.rule.extendAfterExpiry',
  nothingToExtend: 'lending.rule.nothingToExtend',
  extendedMeanwhile: 'lending.rule.extendedMeanwhile',
  inRedemptionPeriod: 'lending.rule.inRedemptionPeriod',
  forfeitNeedsNotice: 'lending.rule.forfeitNeedsNotice',
  forfeitReasonNeeded: 'lending.rule.forfeitReasonNeeded',
  itemNotForfeited: 'lending.rule.itemNotForfeited',
  itemNotForSale: 'lending.rule.itemNotForSale',
  itemInTransit: 'lending.rule.itemInTransit',
  amountTooHigh: 'lending.rule.amountTooHigh',
  dateInFuture: 'lending.rule.dateInFuture',
  advanceLeavesNothing: 'lending.rule.advanceLeavesNothing',
  lowLoanNeedsRequest: 'lending.rule.lowLoanNeedsRequest',
  kycNeeded: 'lending.rule.kycNeeded',
  noticePeriodEnded: 'lending.rule.noticePeriodEnded',
  noticeAlreadySent: 'lending.rule.noticeAlreadySent',
  reversalOfReversal: 'lending.rule.reversalOfReversal',
  alreadyReversed: 'lending.rule.alreadyReversed',
  reverseReasonNeeded: 'lending.rule.reverseReasonNeeded',
  closedDay: 'lending.rule.closedDay',
  dayAlreadyClosed: 'lending.rule.dayAlreadyClosed',
  dayAlreadyOpen: 'lending.rule.dayAlreadyOpen',
  dayInFuture: 'lending.rule.dayInFuture',
  dayTooFarBack: 'lending.rule.dayTooFarBack',
  actionDateInFuture: 'lending.rule.actionDateInFuture',
  actionDateBefore: 'lending.rule.actionDateBefore',
  actionDateToday: 'lending.rule.actionDateToday',
  actionDateOneDayBack: 'lending.rule.actionDateOneDayBack',
  actionDateDaysBack: 'lending.rule.actionDateDaysBack',
};

/** The dates and fields the rules' sentences name. */
const RULE_WORD: Record<LendingRuleWord, MessageKey> = {
  'loan date': 'lending.ruleWord.loanDate',
  'renewal date': 'lending.ruleWord.renewalDate',
  'extension date': 'lending.ruleWord.extensionDate',
  'redemption date': 'lending.ruleWord.redemptionDate',
  'forfeiture date': 'lending.ruleWord.forfeitureDate',
  'sale date': 'lending.ruleWord.saleDate',
  'the forfeiture': 'lending.ruleWord.theForfeiture',
  'photo ID type': 'lending.ruleWord.photoIdType',
  'ID number': 'lending.ruleWord.idNumber',
  'date of birth': 'lending.ruleWord.dateOfBirth',
  nationality: 'lending.ruleWord.nationality',
  address: 'lending.ruleWord.address',
  work: 'lending.ruleWord.work',
  'source of funds': 'lending.ruleWord.sourceOfFunds',
};

const isRuleWord = (word: string): word is LendingRuleWord => Object.hasOwn(RULE_WORD, word);

/** A value of a rule's sentence: a known word (or a list of them) in the language in use, else as it is. */
function ruleValue(value: string): string {
  const parts = value.split(', ');
  return parts.every(isRuleWord) ? parts.map((part) => t(RULE_WORD[part])).join(', ') : value;
}

/** What an action's refusal says, in the language in use: a rule's sentence said again, else the error's own. */
export function refusalText(error: unknown): string | undefined {
  return error instanceof Error && error.message ? fieldMessage(error.message) : undefined;
}

/** A schema's or the rules' message about a lending form's field or action, in the language in use. */
export function fieldMessage(message: string): string {
  const whole = WHOLE[message];
  if (whole) return t(whole);
  const rule = lendingRuleMessage(message);
  if (rule) return t(RULE[rule.key], Object.fromEntries(Object.entries(rule.values).map(([name, value]) => [name, ruleValue(value)])));
  const tooLongField = /^The field may not be greater than (\d+) characters\.$/.exec(message);
  if (tooLongField) return t('lending.check.fieldTooLong', { max: tooLongField[1] });
  for (const [pattern, key] of PATTERNS) {
    const found = pattern.exec(message);
    const field = found && FIELD[found[1]];
    if (found && field) return t(key, { field: t(field), max: found[2] ?? '' });
  }
  return message;
}
