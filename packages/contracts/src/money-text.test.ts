import { describe, expect, it } from 'vitest';
import { moneyField } from './lending/schemas';
import { moneyInputText, parseMoneyText, roundPrice } from './money-text';

describe('money as people type it', () => {
  it('reads the separators and signs typed at a counter', () => {
    expect(parseMoneyText('12,500')).toBe(12500);
    expect(parseMoneyText('12,500.50')).toBe(12500.5);
    expect(parseMoneyText('1,234,567.8')).toBe(1234567.8);
    expect(parseMoneyText('12 500')).toBe(12500);
    expect(parseMoneyText('12\u00a0500')).toBe(12500);
    expect(parseMoneyText('₱12,500')).toBe(12500);
    expect(parseMoneyText('PHP 12,500.00')).toBe(12500);
    expect(parseMoneyText(' 4500.50 ')).toBe(4500.5);
    expect(parseMoneyText('.5')).toBe(0.5);
  });

  it('refuses what is not an amount, or a comma that is not between thousands', () => {
    for (const text of ['abc', '', '12,50', '1,2345', '12..5', '-5', '12,500,', '1e5', '12.500.000']) expect(parseMoneyText(text), text).toBeNull();
  });

  it('the server reads the same: moneyField takes "12,500" and refuses "abc" with its sentence', () => {
    const field = moneyField('loan amount');
    expect(field.parse('12,500.50')).toBe(12500.5);
    expect(field.parse(12500)).toBe(12500);
    const refused = field.safeParse('abc');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('The loan amount must be a number.');
  });

  it('shows amounts with separators and suggests round prices', () => {
    expect(moneyInputText(12500)).toBe('12,500');
    expect(moneyInputText(10174.13)).toBe('10,174.13');
    expect(roundPrice(10174.13)).toBe(10200);
    expect(roundPrice(4512.4)).toBe(4500);
    expect(roundPrice(987.5)).toBe(990);
    expect(roundPrice(3)).toBe(10);
    expect(roundPrice(0)).toBe(0);
  });
});
