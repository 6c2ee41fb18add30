/**
 * The sample-values form, generated from the variable definitions: a control per variable chosen by its type
 * (text, number, checkbox, colour picker, URL, JSON for arrays), with the definition's rules as input limits.
 */
import type { VariableDefinition } from './api.js';
import { field, h, uid } from './dom.js';

export type Values = Record<string, unknown>;

/** A value that satisfies a required definition without a default, so the first preview renders. */
function sampleFor(name: string, definition: VariableDefinition): unknown {
  if (Array.isArray(definition.enum) && definition.enum.length > 0) return definition.enum[0];
  switch (definition.type) {
    case 'string': {
      const text = `Sample ${name}`.slice(0, definition.maxLength ?? 200);
      return text.padEnd(definition.minLength ?? 0, '.');
    }
    case 'number':
    case 'integer':
      return definition.minimum ?? 1;
    case 'boolean':
      return true;
    case 'color':
      return '#4f46e5';
    case 'array':
      return [];
    default:
      return undefined;
  }
}

/** The starting values: each variable's default, and a sample for a required one without a default. */
export function initialValues(definitions: Record<string, VariableDefinition>): Values {
  const values: Values = {};
  for (const [name, definition] of Object.entries(definitions)) {
    const value = definition.default ?? (definition.required ? sampleFor(name, definition) : undefined);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function describe(definition: VariableDefinition): string {
  const rules: string[] = [definition.type];
  if (definition.required) rules.push('required');
  if (definition.minLength !== undefined) rules.push(`≥ ${definition.minLength} chars`);
  if (definition.maxLength !== undefined) rules.push(`≤ ${definition.maxLength} chars`);
  if (definition.minimum !== undefined) rules.push(`≥ ${definition.minimum}`);
  if (definition.maximum !== undefined) rules.push(`≤ ${definition.maximum}`);
  return [rules.join(', '), definition.description].filter(Boolean).join(' — ');
}

/** One control; `set(value)` reports the new value (undefined: leave the variable out). */
function control(
  name: string,
  definition: VariableDefinition,
  value: unknown,
  set: (value: unknown) => void,
): HTMLElement {
  const hint = describe(definition);
  const label = `${name}`;
  if (Array.isArray(definition.enum) && definition.enum.length > 0) {
    const select = h(
      'select',
      { onchange: () => set(select.value === '' ? undefined : definition.enum?.[Number(select.value)]) },
      h('option', { value: '' }, '(not set)'),
      ...definition.enum.map((option, index) =>
        h('option', { value: String(index), selected: option === value }, String(option)),
      ),
    );
    return field(label, select, hint);
  }
  switch (definition.type) {
    case 'boolean': {
      const box = h('input', {
        type: 'checkbox',
        checked: value === true,
        onchange: () => set(box.checked),
        id: uid('value'),
      });
      // The box right before its name, as checkboxes are read (not alone on a line under it).
      return h(
        'div',
        { class: 'field check' },
        h('div', { class: 'check-row' }, box, h('label', { for: box.id }, label)),
        hint ? h('span', { class: 'hint' }, hint) : null,
      );
    }
    case 'number':
    case 'integer': {
      const input = h('input', {
        type: 'number',
        value: value === undefined ? '' : String(value),
        step: definition.type === 'integer' ? '1' : 'any',
        min: definition.minimum,
        max: definition.maximum,
        oninput: () => set(input.value === '' ? undefined : Number(input.value)),
      });
      return field(label, input, hint);
    }
    case 'color': {
      const text = typeof value === 'string' ? value : '';
      const textInput = h('input', { type: 'text', value: text, spellcheck: 'false' });
      const picker = h('input', {
        type: 'color',
        value: HEX_COLOR.test(text) ? text : '#000000',
        'aria-label': `${name} colour picker`,
      });
      textInput.addEventListener('input', () => {
        if (HEX_COLOR.test(textInput.value)) picker.value = textInput.value;
        set(textInput.value === '' ? undefined : textInput.value);
      });
      picker.addEventListener('input', () => {
        textInput.value = picker.value;
        set(picker.value);
      });
      textInput.id = uid('value');
      return h(
        'div',
        { class: 'field' },
        h('label', { for: textInput.id }, label),
        h('div', { class: 'color-row' }, picker, textInput),
        h('span', { class: 'hint' }, hint),
      );
    }
    case 'array': {
      const area = h(
        'textarea',
        { rows: 3, spellcheck: 'false' },
        value === undefined ? '' : JSON.stringify(value),
      );
      area.addEventListener('input', () => {
        if (area.value.trim() === '') return set(undefined);
        try {
          set(JSON.parse(area.value));
          area.removeAttribute('aria-invalid');
        } catch {
          area.setAttribute('aria-invalid', 'true');
        }
      });
      return field(label, area, `${hint} (JSON array)`);
    }
    default: {
      const long = (definition.maxLength ?? 0) > 120 || (typeof value === 'string' && value.length > 80);
      const input = long
        ? h('textarea', { rows: 3 }, typeof value === 'string' ? value : '')
        : h('input', {
            type: definition.type === 'url' || definition.type === 'image' ? 'url' : 'text',
            value: value === undefined || value === null ? '' : String(value),
          });
      input.addEventListener('input', () => set(input.value === '' ? undefined : input.value));
      return field(label, input, hint);
    }
  }
}

/** The form of `definitions` filled with `values`; `onChange` gets the whole set of values after every edit. */
export function valuesForm(
  definitions: Record<string, VariableDefinition>,
  values: Values,
  onChange: (values: Values) => void,
): HTMLElement {
  const current: Values = { ...values };
  const names = Object.keys(definitions);
  if (names.length === 0) return h('p', { class: 'muted' }, 'This template has no variables.');
  return h(
    'div',
    { class: 'values-form' },
    ...names.map((name) => {
      const element = control(name, definitions[name] as VariableDefinition, current[name], (value) => {
        if (value === undefined) delete current[name];
        else current[name] = value;
        onChange({ ...current });
      });
      element.dataset.variable = name;
      return element;
    }),
  );
}

/** Point at the variable a problem names (`variables.title…`): its control marked invalid, the message under it. */
export function markVariableProblem(
  form: HTMLElement,
  field: string | undefined,
  message: string | null,
): void {
  for (const old of form.querySelectorAll('.field-error')) old.remove();
  for (const old of form.querySelectorAll('[aria-invalid="true"]:not(.json)'))
    old.removeAttribute('aria-invalid');
  const name = field?.startsWith('variables.')
    ? field.slice('variables.'.length).split(/[.[]/)[0]
    : undefined;
  if (!name || message === null) return;
  const wrapper = [...form.querySelectorAll<HTMLElement>('[data-variable]')].find(
    (e) => e.dataset.variable === name,
  );
  const input = wrapper?.querySelector<HTMLElement>('input:not([type=color]), select, textarea');
  if (!wrapper || !input) return;
  input.setAttribute('aria-invalid', 'true');
  const note = h('span', { class: 'field-error', id: `${input.id}-error` }, message);
  input.setAttribute('aria-describedby', note.id);
  wrapper.appendChild(note);
}
