/** `ethical_issues_exist`, `ethical_issues_description` and `ethical_issues_report` of the dmp. */
import { optional, type Dmp } from '../madmp';
import { conformsTo } from '../schemas';
import type { YesNoUnknown } from '../vocabulary';
import { textOf, yesNoOf } from './answers';
import type { PlanContext } from './planContext';

type Ethics = Pick<Dmp, 'ethical_issues_exist' | 'ethical_issues_description' | 'ethical_issues_report'>;

/** `yes` anywhere wins, then `no`; unknown by default. A report that is not a URI joins the description. */
export function mapEthics(plan: PlanContext): Ethics {
  const answers = plan.dmp.answers('rda.dmp.ethical_issues_exist');
  const values = answers.map((a) => {
    const value = yesNoOf(a.value);
    if (!value)
      plan.warn(
        `${a.source}: "${textOf(a.value) ?? ''}" is not yes, no or unknown; ethical issues are reported as unknown.`,
      );
    return value;
  });
  const exist: YesNoUnknown = values.includes('yes') ? 'yes' : values.includes('no') ? 'no' : 'unknown';
  const descriptions = distinctTexts(textsOf(plan, 'rda.dmp.ethical_issues_description'));
  const reports = distinctTexts(textsOf(plan, 'rda.dmp.ethical_issues_report'));
  let report: string | null = null;
  if (plan.output === '1.2') report = reports.join('\n') || null;
  else {
    report = reports.find((r) => conformsTo('uri', r)) ?? null;
    descriptions.push(...reports.filter((r) => r !== report).map((r) => `Ethics report: ${r}`));
  }
  return {
    ethical_issues_exist: exist,
    ...optional('ethical_issues_description', descriptions.join('\n\n') || null),
    ...optional('ethical_issues_report', report),
  };
}

function textsOf(plan: PlanContext, key: string): string[] {
  return plan.dmp
    .answers(key)
    .map((a) => textOf(a.value))
    .filter((t): t is string => t !== null);
}

/** Texts without repeats, comparing with whitespace collapsed (rich and plain copies of one answer). */
function distinctTexts(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const key = t.replace(/\s+/g, ' ').trim();
    return !seen.has(key) && seen.add(key);
  });
}
