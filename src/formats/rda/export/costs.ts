/** `dmp.cost[]`: one cost per answered cost object, each distinct cost once. */
import { optional, type Cost } from '../madmp';
import { toCurrency } from '../vocabulary';
import { textOnly, type PlanContext } from './planContext';

export function mapCosts(plan: PlanContext): Cost[] {
  const costs: Cost[] = [];
  const written = new Set<string>();
  for (const record of plan.groupRecords('rda.dmp.cost')) {
    const valueText = record.text('rda.dmp.cost.value');
    const value = record.number('rda.dmp.cost.value');
    const title = record.text('rda.dmp.cost.title') ?? textOnly(record, 'rda.dmp.cost');
    if (!title && value === null) continue;
    // "1200 EUR" carries its currency when no currency field does.
    const currencyText =
      record.text('rda.dmp.cost.currency_code') ?? /\b([A-Za-z]{3})\b/.exec(valueText ?? '')?.[1] ?? null;
    const currency = toCurrency(currencyText);
    if (currencyText && !currency) {
      plan.warn(
        `${record.sourceOf('rda.dmp.cost.currency_code')}: "${currencyText}" is not a currency in the RDA list; the cost is given without one.`,
      );
    }
    const cost: Cost = {
      title: title ?? 'Data management costs',
      ...optional('description', record.text('rda.dmp.cost.description')),
      ...optional('value', value),
      ...optional('currency_code', currency),
    };
    const key = JSON.stringify(cost);
    if (!written.has(key)) {
      written.add(key);
      costs.push(cost);
    }
  }
  return costs;
}
