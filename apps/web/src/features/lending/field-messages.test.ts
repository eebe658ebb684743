import { FORFEIT_NEEDS_NOTICE, FORFEIT_REASON_NEEDED, LOAN_AMOUNT_TOO_HIGH, LOAN_DATE_IN_FUTURE, renewProblem } from '@kalinga/contracts/lending/rules';
import { extendProblem } from '@kalinga/contracts/lending/extension';
import { markSoldSchema } from '@kalinga/contracts/lending/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n } from '../../lib/i18n';
import { customerErrors } from './components/customer-form';
import { fieldMessage, refusalText } from './field-messages';
import { BOOK_LOCKED } from '../../offline/sealed';

// The schemas' field messages the lending forms show, in the language in use (decision 0275): English exactly as the
// schema writes it, Filipino from the catalog; a sentence the catalog does not know is shown as it is.

const blank = { first_name: ' ', last_name: '', phone_number: '', address: '', id_type: '', id_number: '', email: 'not-an-email', birth_date: '', nationality: '', occupation: '', source_of_funds: '' };
const soldIssues = () => markSoldSchema.safeParse({ final_selling_price: 0, buyer_name: 'x'.repeat(201) }).error?.issues ?? [];

beforeAll(() => initI18n(['lending']));
afterAll(() => forgetDeviceChoice());

describe('lending field messages', () => {
  it('in English read exactly as the schema wrote them', async () => {
    await chooseOnDevice('en');
    expect(customerErrors(blank)).toEqual({
      first_name: 'The first name field is required.',
      last_name: 'The last name field is required.',
      email: 'The email must be a valid email address.',
    });
    expect(soldIssues().map((i) => fieldMessage(i.message))).toEqual(['The final selling price must be greater than zero.', 'The buyer name may not be greater than 200 characters.']);
  });

  it('in Filipino come from the catalog, with the field named in Filipino', async () => {
    await chooseOnDevice('fil');
    expect(customerErrors(blank)).toEqual({
      first_name: 'Kailangan ang pangalan.',
      last_name: 'Kailangan ang apelyido.',
      email: 'Dapat tamang email address ang email.',
    });
    expect(soldIssues().map((i) => fieldMessage(i.message))).toEqual(['Dapat mas malaki sa zero ang huling presyo ng benta.', 'Hanggang 200 character lang ang pangalan ng bumili.']);
    expect(fieldMessage('The market value is too large.')).toBe('The market value is too large.');
  });

  it("say a locked book's refusal of an ID number in the language in use (decision 0375)", async () => {
    await chooseOnDevice('en');
    expect(refusalText(new Error(BOOK_LOCKED))).toBe(BOOK_LOCKED);
    await chooseOnDevice('fil');
    expect(refusalText(new Error(BOOK_LOCKED))).toContain('mag-sign in muli habang online');
  });
});

describe('the rules refusals the ticket form and the loan actions show', () => {
  const rules = [LOAN_AMOUNT_TOO_HIGH, LOAN_DATE_IN_FUTURE, FORFEIT_NEEDS_NOTICE, FORFEIT_REASON_NEEDED];

  it('read in English exactly as the rules write them, and in Filipino otherwise', async () => {
    await chooseOnDevice('en');
    expect(rules.map(fieldMessage)).toEqual(rules);
    await chooseOnDevice('fil');
    const filipino = rules.map(fieldMessage);
    filipino.forEach((message, n) => expect(message).not.toBe(rules[n]));
    expect(filipino[1]).toBe('Hindi puwedeng nasa hinaharap ang petsa ng sangla.');
  });
});

describe('every rule refusal by its key (decision 0290)', () => {
  it('renewing, redeeming and extending refusals, the offline book and the server alike, in the language in use', async () => {
    const loan = { status: 'redeemed' as const, loan_amount: 100000, loan_date: '2026-01-10', maturity_date: '2026-02-10', expiry_date: '2026-05-11', interest_rate: 3, penalty_rate: 2 };
    const expired = { ...loan, status: 'active' as const };
    const sentences = [
      renewProblem(loan, { is_renewable: true }, '2026-03-01'),
      renewProblem(expired, { is_renewable: true }, '2026-06-01'),
      extendProblem(expired, { is_renewable: false }, '2026-03-01'),
      refusalText(new Error('The redemption date may be at most 7 days before today; only a supervisor may date it earlier.')),
    ] as string[];
    await chooseOnDevice('en');
    expect(sentences.map(fieldMessage)).toEqual(sentences);
    await chooseOnDevice('fil');
    expect(sentences.map(fieldMessage)).toEqual([
      'Natubos na ang sanglang ito; hindi na ito aktibo.',
      'Expired na ang sanglang ito kaya hindi na ito mare-renew; puwede na lang itong tubusin o iremata.',
      'Hindi pinapayagan ng kategorya nito na i-extend ang sangla sa pagbabayad ng interes.',
      'Hanggang 7 araw lang bago ngayon puwede ang petsa ng pagtubos; supervisor lang ang puwedeng mag-date nito nang mas maaga.',
    ]);
    expect(refusalText(new Error('Something else entirely.'))).toBe('Something else entirely.');
  });
});
