import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { fakeNetwork } from '../../test/fake-network';
import { RegisterPage } from './register-page';

const net = fakeNetwork(new Date('2026-11-23T09:00:00Z'));
afterEach(cleanup);
// The page's messages, as main.tsx loads them before the first screen draws.
beforeAll(() => initI18n(['auth']));

describe('registration', () => {
  it('shows the password rule before any failure, and field messages below the fields, not inside the floating labels', async () => {
    render(<MemoryRouter><RegisterPage /></MemoryRouter>);
    const password = screen.getByPlaceholderText('Password');
    expect(screen.getByText('At least 8 characters; common passwords are refused.')).toBeTruthy();
    expect(password.getAttribute('aria-describedby')).toBe('password-hint');

    net.fetchMock.mockResolvedValue(net.json(422, { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } }));
    fireEvent.change(screen.getByPlaceholderText('Name'), { target: { value: 'Nora' } });
    fireEvent.change(screen.getByPlaceholderText('Email'), { target: { value: 'taken@example.test' } });
    fireEvent.change(password, { target: { value: 'long-enough-1' } });
    fireEvent.change(screen.getByPlaceholderText('Confirm password'), { target: { value: 'long-enough-1' } });
    fireEvent.submit(password.closest('form')!);
    const message = await screen.findByText('The email has already been taken.');
    expect(message.closest('.floating-label')).toBeNull();
    expect(screen.getByPlaceholderText('Email').getAttribute('value')).toBe('taken@example.test');
  });
});
