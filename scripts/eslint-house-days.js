// The centre's day, not UTC's (docs/architecture.md#checked, decision 0373): a day a person sees or a rule compares
// (today, a due date, a report's day, a form's default, a cash day) is a date on the company's clock. Cutting it
// out of an instant's ISO text gives UTC's date, a day behind Manila from 00:00 to 08:00 local time. Registered with
// the other house rules in eslint-house-rules.js, under the same `house/` prefix.

import { isTest, relative } from './eslint-house-paths.js';

/** The one home of the date helpers: it reads ISO text on purpose, after shifting an instant into its zone. */
const ZONE_HELPERS = 'packages/contracts/src/zone-time.ts';

/** Code a person or a rule relies on: the apps' and the packages' sources, not their tests. */
function isProduct(rel) {
  return /^(apps\/(server|web)\/src|packages\/[^/]+\/src)\//.test(rel) && !isTest(rel) && rel !== ZONE_HELPERS;
}

const CUTS = new Set(['slice', 'substring', 'substr']);

/** The expression under parentheses, `!`, `as`, `satisfies` and `?.`. */
function bare(node) {
  let n = node;
  while (n && (n.type === 'TSNonNullExpression' || n.type === 'TSAsExpression' || n.type === 'TSSatisfiesExpression' || n.type === 'ChainExpression')) n = n.expression;
  return n;
}

/** The name of a member's property written as `.name` or `['name']`, else null. */
function memberName(node) {
  if (node?.type !== 'MemberExpression') return null;
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  return node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : null;
}

/** An instant's ISO text made in place (or kept in a `const` just before, see isKeptIsoText): `….toISOString()`, `….toJSON()` or the server clock's `nowIso()`. */
function isIsoText(node) {
  const n = bare(node);
  if (n?.type !== 'CallExpression') return false;
  const callee = bare(n.callee);
  if (callee.type === 'Identifier') return callee.name === 'nowIso';
  const name = memberName(callee);
  return name === 'toISOString' || name === 'toJSON';
}

/** A `const` the ISO text is kept in (`const now = nowIso(); … now.slice(0, 10)`), found through the scope. */
function isKeptIsoText(context, node) {
  const n = bare(node);
  if (n?.type !== 'Identifier') return false;
  for (let scope = context.sourceCode.getScope(n); scope; scope = scope.upper) {
    const variable = scope.set.get(n.name);
    if (!variable) continue;
    const def = variable.defs.length === 1 ? variable.defs[0] : null;
    return def?.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === 'Identifier' && isIsoText(def.node.init);
  }
  return false;
}

const number = (node) => (node?.type === 'Literal' && typeof node.value === 'number' ? node.value : null);

/** `.slice(0, n)` / `.substring(0, n)` / `.substr(0, n)` keeping the date's part of the text (n from 4 to 10). */
function cutsTheDate(call) {
  const name = memberName(bare(call.callee));
  if (!CUTS.has(name) || number(call.arguments[0]) !== 0) return false;
  const end = number(call.arguments[1]);
  return end !== null && end >= 4 && end <= 10;
}

/** `.split('T')` (or with a limit). */
function splitsAtT(call) {
  const first = call.arguments[0];
  return memberName(bare(call.callee)) === 'split' && first?.type === 'Literal' && first.value === 'T';
}

const localDay = {
  meta: {
    type: 'problem',
    docs: { description: "A day is the centre's day: no date cut out of an instant's ISO text in product code (docs/architecture.md#checked)" },
    messages: {
      utcDay:
        "This is the instant's date in UTC, not the centre's (a day behind Manila before 08:00): use todayIn(zone) for today, localDateOf(instant, zone) for an instant's day, addDaysToDate for date arithmetic (packages/contracts/src/zone-time.ts; the zone is auth.company.timezone on the server, useSiteSettings().data?.timezone in the web; decision 0373). A UTC date on purpose says why in an eslint-disable-next-line comment.",
    },
    schema: [],
  },
  create(context) {
    if (!isProduct(relative(context.filename))) return {};
    return {
      CallExpression(node) {
        const callee = bare(node.callee);
        if (callee?.type !== 'MemberExpression') return;
        if ((cutsTheDate(node) || splitsAtT(node)) && (isIsoText(callee.object) || isKeptIsoText(context, callee.object))) context.report({ node, messageId: 'utcDay' });
      },
      MemberExpression(node) {
        // `text.split('T')[0]`: the date part of any ISO instant, whatever made the text.
        const object = bare(node.object);
        if (node.computed && number(node.property) === 0 && object?.type === 'CallExpression' && splitsAtT(object) && !isIsoText(bare(object.callee).object)) {
          context.report({ node, messageId: 'utcDay' });
        }
      },
      VariableDeclarator(node) {
        // `const [day] = text.split('T')`.
        const init = bare(node.init);
        if (node.id.type === 'ArrayPattern' && node.id.elements[0] && init?.type === 'CallExpression' && splitsAtT(init) && !isIsoText(bare(init.callee).object)) {
          context.report({ node, messageId: 'utcDay' });
        }
      },
    };
  },
};

export const dayChecks = { 'local-day': localDay };
