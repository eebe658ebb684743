import { configure } from '@testing-library/react';

// findBy*/waitFor wait for a condition, not a time: the 1 s default was too short when CI's two cores are
// busy with the other test files (month-days.test.tsx failed once that way). A real failure still fails,
// only later.
configure({ asyncUtilTimeout: 5000 });
