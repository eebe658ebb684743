// Lint directives say why (docs/architecture.md#checked): every `eslint-disable` comment carries ` -- <reason>`, and
// the one that lets a file pass 300 lines (`max-lines`) stands at the file's top, where a reader sees it first.

import { relative } from './eslint-house-paths.js';

/** A disable directive's kind and what follows it; null for any other comment. */
const DISABLE = /^\s*eslint-disable(?:-next-line|-line)?(?=\s|$)([\s\S]*)$/;

/** ESLint's own split between a directive's rules and its description: two or more dashes between spaces. */
const DESCRIPTION = /\s-{2,}\s/;

/** A reason says something: a few letters, not a dash or a dot. */
const SAYS_SOMETHING = /[\p{L}\p{N}].*[\p{L}\p{N}]/u;

/**
 * The comment's place moved one column before it: a directive silences what is reported at or after its start, so a
 * bare `/* eslint-disable *\/` would silence its own report (the eslint-comments plugin reports the same way).
 */
const before = (loc) => ({ start: { line: loc.start.line, column: -1 }, end: loc.end });

const disableReason = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Every eslint-disable comment says why, and a max-lines one stands at the top (docs/architecture.md#checked)' },
    messages: {
      reason: "Say why after the rules: '-- <reason>' (docs/architecture.md#checked).",
      top: 'A file that must be longer than 300 lines says why at its top: put /* eslint-disable max-lines -- <why> */ before any code (docs/architecture.md#checked).',
    },
    schema: [],
  },
  create(context) {
    if (!/^(apps|packages|scripts|e2e|bench)\//.test(relative(context.filename))) return {};
    const source = context.sourceCode;
    return {
      Program(program) {
        const firstToken = source.getFirstToken(program);
        for (const comment of source.getAllComments()) {
          const m = DISABLE.exec(comment.value);
          if (!m) continue;
          const [rules, ...described] = m[1].split(DESCRIPTION);
          const reason = described.join(' ').trim();
          if (described.length === 0 || !SAYS_SOMETHING.test(reason)) context.report({ loc: before(comment.loc), messageId: 'reason' });
          const names = rules.split(',').map((r) => r.trim());
          if (names.includes('max-lines') && firstToken && comment.range[0] > firstToken.range[0]) context.report({ loc: before(comment.loc), messageId: 'top' });
        }
      },
    };
  },
};

export const directiveChecks = { 'disable-reason': disableReason };
