// The lending screens, one lazily loaded chunk (app/router.tsx); the new ticket's form (with its photos and the day's
// metal rates), the vault's, the branches' and the terms' screens load on their own.
export { CashDayPage } from './cash-day-page';
export { CustomerPage } from './customer-page';
export { CustomersPage } from './customers-page';
export { ItemsPage } from './items-page';
export { LoanPage } from './loan-page';
export { LoansPage } from './loans-page';
export { TicketPage } from './ticket-page';
export { AuctionPage } from './notices/auction-page';
export { NoticeLetterPage } from './notices/notice-letter-page';
export { NoticesPage } from './notices/notices-page';
export { CoveredPage } from './notices/covered-page';
