/**
 * Named sample sets of variable values, kept per template in this browser's localStorage (values only: no key,
 * token or session ever goes to the page's storage).
 */
import type { Values } from './values-form.js';

const PREFIX = 'pictor-studio:samples:';

export type SampleSets = Record<string, Values>;

export function loadSampleSets(templateId: string): SampleSets {
  try {
    const parsed = JSON.parse(localStorage.getItem(PREFIX + templateId) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as SampleSets) : {};
  } catch {
    return {};
  }
}

export function saveSampleSet(templateId: string, name: string, values: Values): SampleSets {
  const sets = { ...loadSampleSets(templateId), [name]: values };
  localStorage.setItem(PREFIX + templateId, JSON.stringify(sets));
  return sets;
}

export function deleteSampleSet(templateId: string, name: string): SampleSets {
  const sets = loadSampleSets(templateId);
  delete sets[name];
  localStorage.setItem(PREFIX + templateId, JSON.stringify(sets));
  return sets;
}
